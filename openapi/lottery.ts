/** Lottery area: LOTT/ELOTT menus, popular lotteries, Vietnamese draws, lobby launch. */
import { Type } from '@sinclair/typebox';
import { POPULAR_LOTTERY_COUNT, VN_LOTTERY_COUNT } from './constants';
import { op } from './define';
import { Timestamp } from './common';

const LotteryGame = Type.Object(
  {
    gameCode: Type.String(),
    gameName: Type.String(),
    defaultPlayType: Type.String(),
    drawIntervalSeconds: Type.Integer(),
    nextNumero: Type.String({ description: 'The number of the next draw (the one now taking bets).' }),
    nextDrawTime: Timestamp('When the next draw opens (bets close then).'),
  },
  { title: 'LotteryGame' },
);

const LotteryMenu = Type.Object(
  {
    gameMenus: Type.Array(
      Type.Object({ gameGroupCode: Type.String(), labelName: Type.String(), games: Type.Array(LotteryGame) }),
    ),
  },
  { title: 'LotteryMenu' },
);

const Numero = Type.Object(
  { gameCode: Type.String(), numero: Type.String(), openTime: Timestamp(), result: Type.String() },
  { title: 'Numero' },
);

/** The brand's prize modes (fixtures/brand.json); the server refuses any other. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;

/**
 * A pattern matching exactly these words in any letter case (JSON Schema patterns have no flags):
 * the server matches prize modes and lottery modes case-insensitively.
 */
function anyCase(words: readonly string[], optional = false): string {
  const alt = words.map((w) => [...w].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`)).join(''));
  return `^(?:${alt.join('|')})${optional ? '?' : ''}$`;
}

/** A prize mode, or empty for every mode, as the server takes it. */
const PrizeModeSchema = Type.String({
  pattern: anyCase(PRIZE_MODES, true),
  description: `A prize mode of the brand (${PRIZE_MODES.join(', ')}; any letter case); empty or left out: every mode.`,
  examples: ['Lott'],
});

const prizeModeQuery = Type.Object(
  { prizeMode: Type.Optional(PrizeModeSchema) },
  { examples: [{ prizeMode: 'Lott' }] },
);

export const lotteryOps = {
  getLotteryMenu: op({
    operationId: 'getLotteryMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    area: 'lottery',
    summary: 'Lottery menu of a prize mode (gameMenus with gameGroupCode and labelName)',
    moduleId: 'LOTTMENU3',
    access: 'public',
    query: prizeModeQuery,
    value: LotteryMenu,
  }),
  getRecentLotteryMenu: op({
    operationId: 'getRecentLotteryMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    area: 'lottery',
    summary: 'Recently played lotteries',
    moduleId: 'LOTTMENU3',
    access: 'public',
    query: prizeModeQuery,
    value: LotteryMenu,
  }),
  getPopularLotteries: op({
    operationId: 'getPopularLotteries',
    method: 'GET',
    path: '/lgw/games/popular',
    area: 'lottery',
    summary: 'Popular lotteries (count 20)',
    moduleId: 'LOTTPOPULAR3',
    access: 'public',
    query: Type.Object(
      {
        count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: POPULAR_LOTTERY_COUNT })),
        prizeMode: Type.Optional(PrizeModeSchema),
        device: Type.Optional(Type.String({ maxLength: 16 })),
        language: Type.Optional(Type.String({ maxLength: 8 })),
      },
      { examples: [{ count: 20, prizeMode: 'Lott', device: 'WEB', language: 'EN' }] },
    ),
    value: Type.Array(LotteryGame),
  }),
  getVnNumeros: op({
    operationId: 'getVnNumeros',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    area: 'lottery',
    summary: 'Past Vietnamese lottery draws (count 100)',
    moduleId: 'VNLOTT3',
    access: 'public',
    query: Type.Object(
      {
        gameCode: Type.String({ minLength: 1, maxLength: 32 }),
        count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: VN_LOTTERY_COUNT })),
      },
      { examples: [{ gameCode: 'VNHN', count: 100 }] },
    ),
    value: Type.Array(Numero),
  }),
  getOpenedNumero: op({
    operationId: 'getOpenedNumero',
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    area: 'lottery',
    summary: 'The latest opened draw of a lottery',
    moduleId: 'LOTT3',
    access: 'public',
    query: Type.Object(
      { gameCode: Type.String({ minLength: 1, maxLength: 32 }) },
      { examples: [{ gameCode: 'VNHN' }] },
    ),
    value: Numero,
  }),
  launchLotteryLobby: op({
    operationId: 'launchLotteryLobby',
    method: 'POST',
    path: '/lgw/games/lobby/launch',
    area: 'lottery',
    summary: 'Lobby launch: lotto area VN, mode LOTT, view betting or lobby',
    description:
      'Answers the address to show in the lottery iframe. View betting opens the betting page of the ' +
      'lottery gameCode names. View lobby opens the lottery lobby of the area (VN: the Vietnamese ' +
      'lotteries): every lottery of the area grouped by region, each with its next draw number and ' +
      'countdown, each opening its own betting page in the same frame; a gameCode given with the lobby ' +
      'view is marked as the current lottery. The lobby speaks the request\'s language (else the ' +
      'Language header). The address is bound to the session: it stops working at logout.',
    moduleId: 'LOTT3',
    access: 'member',
    inferred: true,
    body: Type.Object(
      {
        area: Type.Optional(
          Type.String({ pattern: '^[A-Za-z]{2,8}$', default: 'VN', description: 'Lottery area code, any letter case.' }),
        ),
        mode: Type.Optional(
          Type.String({ pattern: anyCase(['LOTT', 'ELOTT']), default: 'LOTT', description: 'LOTT or ELOTT, any letter case.' }),
        ),
        gameCode: Type.Optional(Type.String({ maxLength: 32 })),
        playType: Type.Optional(Type.String({ maxLength: 32 })),
        view: Type.Union([Type.Literal('betting'), Type.Literal('lobby')], {
          description: 'betting: one lottery (gameCode required); lobby: every lottery of the area.',
        }),
        device: Type.Optional(Type.String({ maxLength: 16 })),
        backUrl: Type.Optional(Type.String({ maxLength: 1024 })),
        language: Type.Optional(Type.String({ maxLength: 8 })),
      },
      {
        // The betting view opens one lottery, so it needs its gameCode.
        if: { properties: { view: { const: 'betting' } }, required: ['view'] },
        then: { required: ['gameCode'] },
        examples: [{ area: 'VN', mode: 'LOTT', gameCode: 'VNHN', view: 'betting', device: 'WEB', language: 'EN' }],
      },
    ),
    value: Type.Object({ url: Type.String() }),
  }),
} as const;
