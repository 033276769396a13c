/** Lottery routes: menus per prize mode, recent and popular lotteries, draws, lobby launch. */
import type { FastifyInstance } from 'fastify';
import { lotteryOps } from '../../openapi/lottery';
import { registerArea } from '../contract';
import { notSession } from '../errors';
import { launchLotteryLobby } from '../sim/demo-play';
import * as lottery from '../sim/lottery';

/** Lottery routes plugin: draws follow the simulator clock. */
export async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, lotteryOps, {
    getLotteryMenu: ({ sim, query, language }) => lottery.lotteryMenu(sim, query.prizeMode, language),

    getRecentLotteryMenu: ({ sim, query, request, language }) => {
      // A public call: a visitor gets an empty menu, a logged-in player their own recent lotteries.
      const auth = request.headers.authorization;
      const session = sim.sessions.get(typeof auth === 'string' ? auth : undefined);
      return lottery.recentLotteryMenu(sim, session?.account ?? null, query.prizeMode, language);
    },

    getPopularLotteries: ({ sim, query, language }) =>
      lottery.popularLotteries(sim, query.count, query.prizeMode, language),

    getVnNumeros: ({ sim, query }) => lottery.vnNumeros(sim, query.gameCode, query.count),

    getOpenedNumero: ({ sim, query }) => lottery.openedNumero(sim, query.gameCode),

    launchLotteryLobby: ({ sim, session, body, language }) => {
      if (!session) throw notSession();
      // The lobby's words follow the body's language, else the Language header.
      return { url: launchLotteryLobby(sim, session, { ...body, language: body.language ?? language }) };
    },
  });
}
