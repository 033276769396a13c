/**
 * Schemas of the simulated world's JSON files (`fixtures/*.json` and `fixtures/scenarios/*.json`),
 * written once for the generator that writes them (scripts/fixtures/generate.ts) and the simulator
 * that reads them (server/sim/world.ts, server/assets.ts): both use the static types below, and the
 * simulator validates every file against its schema when it first reads it (server/sim/fixture-files.ts),
 * so a hand-edited file with a wrong field stops the start with the file and the JSON path named.
 *
 * Field names are the gateway's wire names; times are epoch milliseconds.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { LanguageCodes } from './common';
import { AGENT_TYPES, GUEST_TYPE } from './constants';
import { FieldRuleSchema } from './field-rule-schema';
import { ModuleNodeSchema } from './system';

const literals = <const T extends readonly (string | number)[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TSchema & { static: T[number] };
const Millis = () => Type.Integer({ minimum: 0, description: 'Epoch milliseconds.' });

// ---- content languages ----

/**
 * The languages content can be translated into: the portal's language codes other than English, in lower case
 * as keys of an item's `tr` ('ur', 'vi', 'cn', …). The simulator answers in the one the `Language`
 * header names, field by field, and in English for whatever an item does not translate.
 */
export const CONTENT_LANGUAGES = LanguageCodes.filter((c) => c !== 'EN').map((c) => c.toLowerCase()) as Lowercase<
  Exclude<(typeof LanguageCodes)[number], 'EN'>
>[];
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/**
 * `tr`: per-language overrides of an item's texts, e.g. `{ ur: { title: '…' }, vi: { title: '…' } }`.
 * Only the named fields may be overridden; an unknown language or field is refused at load.
 */
const Translations = <P extends TProperties>(fields: P) => {
  const one = Type.Partial(Type.Object(fields, { additionalProperties: false }));
  const byLanguage = Type.Object(Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, Type.Optional(one)])), {
    additionalProperties: false,
    description: 'Translations of the texts, by lower-case language code; English is the item itself.',
  });
  return Type.Optional(Type.Unsafe<Partial<Record<ContentLanguage, Static<typeof one>>>>(byLanguage));
};

// ---- games ----

export const GAME_CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'ELOTT', 'LOTT', 'INHOUSE'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
/** Raw vendor categories: esports vendors sit in SPORTS with gameClassify ESPORTS. */
export const RAW_VENDOR_CATEGORIES = GAME_CATEGORIES.filter((c): c is Exclude<GameCategory, 'ESPORTS'> => c !== 'ESPORTS');
export type RawVendorCategory = Exclude<GameCategory, 'ESPORTS'>;
const RawVendorCategorySchema = literals(RAW_VENDOR_CATEGORIES);
const Flag = () => literals([0, 1] as const);

export const VendorFixtureSchema = Type.Object({
  vendor: Type.String({ minLength: 1 }),
  vendorName: Type.String(),
  gameCategory: RawVendorCategorySchema,
  vassalage: Type.String({ minLength: 1 }),
  isHot: Flag(),
  isGame: literals(['GAME', 'VASSALAGE'] as const),
  gameClassify: Type.String(),
  logo: Type.String(),
  sort: Type.Integer(),
  maintenance: Type.Boolean(),
});
export type VendorFixture = Static<typeof VendorFixtureSchema>;

export const PvpRoomSchema = Type.Object({
  roomId: Type.Integer(),
  roomName: Type.String(),
  minBet: Type.Number({ minimum: 0 }),
  players: Type.Integer({ minimum: 0 }),
});
export type PvpRoom = Static<typeof PvpRoomSchema>;

export const GameFixtureSchema = Type.Object({
  gameId: Type.Integer(),
  nodeId: Type.Integer(),
  vassalage: Type.String({ minLength: 1 }),
  accountTypeName: Type.String(),
  gameType: RawVendorCategorySchema,
  gameCode: Type.String(),
  code: Type.String(),
  defaultPlayType: Type.String(),
  vendor: Type.String({ minLength: 1 }),
  isGame: Type.Literal('GAME'),
  gameName: Type.String(),
  gameClassify: Type.String(),
  minBet: Type.Number({ minimum: 0 }),
  minLineNum: Type.Integer({ minimum: 0 }),
  isHot: Flag(),
  isNew: Flag(),
  image: Type.String(),
  maintenance: Type.Boolean(),
  sort: Type.Integer(),
  /** PVP only: the default room. */
  roomId: Type.Optional(Type.Integer()),
  /** PVP only. */
  rooms: Type.Optional(Type.Array(PvpRoomSchema)),
});
export type GameFixture = Static<typeof GameFixtureSchema>;

// ---- brand ----

export const FooterLinkSchema = Type.Object({ label: Type.String(), href: Type.String() });
export type FooterLink = Static<typeof FooterLinkSchema>;

export const BrandSchema = Type.Object({
  merchantCode: Type.String({ minLength: 1 }),
  merchantId: Type.Integer(),
  brandName: Type.String({ minLength: 1 }),
  platform: Type.String(),
  lotteryType: Type.String(),
  device: Type.String(),
  prizeModes: Type.Array(Type.String()),
  announcementTypes: Type.Array(Type.String()),
  announcementExecution: Type.String(),
  esportsVendors: Type.Array(Type.String()),
  theme: literals(['light', 'dark'] as const),
  currencySymbol: Type.String(),
  currency: Type.String(),
  languages: Type.Array(Type.String(), { minItems: 1 }),
  defaultLanguage: Type.String(),
  loginBeforeHome: Type.Boolean(),
  systemStatus: literals([0, 1, 2] as const),
  location: Type.Object({ ip: Type.String(), country: Type.String() }),
  gtagId: Type.String(),
  imageCDNs: Type.Array(Type.String()),
  launchGameCDNs: Type.Array(Type.String()),
  customerService: Type.Object({ csType: Type.Integer(), liveChatUrl: Type.String(), vipChatUrl: Type.String() }),
  social: Type.Object({
    facebook: Type.Optional(Type.String()),
    instagram: Type.Optional(Type.String()),
    telegram: Type.Optional(Type.String()),
  }),
  footer: Type.Object({
    infoGroups: Type.Array(Type.Object({ title: Type.String(), links: Type.Array(FooterLinkSchema) })),
    paymentLogos: Type.Array(Type.String()),
    licence: Type.String(),
    company: Type.String(),
    copyright: Type.String(),
  }),
  smsExpiredMinutes: Type.Integer({ minimum: 1 }),
  thirdPartySms: Type.Boolean(),
  maintenance: Type.Object({ startTime: Millis(), endTime: Millis(), message: Type.String() }),
  defaultPassword: Type.String(),
  /** Registration shows a captcha (public setting); scenarios set it. */
  registerCaptcha: Type.Optional(Type.Boolean()),
});
export type Brand = Static<typeof BrandSchema>;

export const WhitelabelSchema = Type.Array(ModuleNodeSchema);

// ---- content ----

export const BANNER_GROUPS = ['w_hot', 'w_down', 'w_promotion', 'w_shop', 'w_help', 'w_reg'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

export const BannerFixtureSchema = Type.Object({
  bannerId: Type.Integer(),
  url: Type.String(),
  groupName: literals(BANNER_GROUPS),
  linkageType: literals(['NONE', 'URL', 'PROMOTION', 'GAME'] as const),
  linkage: Type.String(),
  title: Type.String(),
  /** Second line drawn on the generated banner image. */
  subtitle: Type.String(),
  tr: Translations({ title: Type.String(), subtitle: Type.String() }),
});
export type BannerFixture = Static<typeof BannerFixtureSchema>;

export const AnnouncementFixtureSchema = Type.Object({
  id: Type.Integer(),
  type: literals(['B', 'PL', 'PU', 'PR', 'H'] as const),
  title: Type.String(),
  content: Type.String(),
  timestamp: Millis(),
  platform: Type.Literal('W'),
  execution: Type.Literal('B'),
  tr: Translations({ title: Type.String(), content: Type.String() }),
});
export type AnnouncementFixture = Static<typeof AnnouncementFixtureSchema>;

export const ACTIVITY_STATUSES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'coming soon',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
const ActivityStatusSchema = literals(ACTIVITY_STATUSES);

export const PROMOTION_CATEGORIES = ['new_player', 'deposit', 'rebate', 'vip', 'REFERRAL', 'raffle'] as const;

export const PromotionFixtureSchema = Type.Object({
  id: Type.Integer(),
  category: literals(PROMOTION_CATEGORIES),
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  image: Type.String(),
  startTime: Millis(),
  endTime: Millis(),
  status: ActivityStatusSchema,
  enabled: Type.Boolean(),
  /** Raffles: the prize credited on claim (the default when absent). */
  prize: Type.Optional(Type.Number({ minimum: 0 })),
  tr: Translations({ title: Type.String(), summary: Type.String(), content: Type.String() }),
});
export type PromotionFixture = Static<typeof PromotionFixtureSchema>;

export const VipLevelSchema = Type.Object({
  rankLevel: Type.Integer({ minimum: 0 }),
  labelName: Type.String(),
  color: Type.String(),
  color2: Type.String(),
  minDeposit: Type.Number({ minimum: 0 }),
  minBet: Type.Number({ minimum: 0 }),
  birthdayBonus: Type.Number({ minimum: 0 }),
  monthlyBonus: Type.Number({ minimum: 0 }),
  rebateRate: Type.Number({ minimum: 0 }),
  tr: Translations({ labelName: Type.String() }),
});
export type VipLevel = Static<typeof VipLevelSchema>;

// ---- members ----

export const HistoryRowSchema = Type.Object({
  kind: literals(['bet', 'deposit', 'withdraw', 'bonus', 'transfer'] as const),
  /** Always positive; the kind says which way the money went (bet = stake). */
  amount: Type.Number({ minimum: 0 }),
  vendor: Type.Optional(Type.String()),
  gameId: Type.Optional(Type.Integer()),
  gameName: Type.Optional(Type.String()),
  /** Bets only: the payout (0 for a loss). */
  win: Type.Optional(Type.Number({ minimum: 0 })),
  time: Millis(),
  remark: Type.String(),
});
export type HistoryRow = Static<typeof HistoryRowSchema>;

export const MEMBER_TYPES = [0, ...AGENT_TYPES, GUEST_TYPE] as const;

export const MemberFixtureSchema = Type.Object({
  id: Type.Integer(),
  account: Type.String({ minLength: 1 }),
  nickname: Type.String(),
  /** Plain text here; the simulator hashes it at load. */
  password: Type.String({ minLength: 1 }),
  mobileNum: Type.String(),
  countryDialingCode: Type.String(),
  email: Type.String(),
  /** 0 player, 1/2/41/42 agent, 4 guest/trial. */
  isAgent: literals(MEMBER_TYPES),
  /** Agent flag as the gateway sends it: 0 player, 1 agent, 4 guest. */
  type: literals([0, 1, GUEST_TYPE] as const),
  parentAccount: Type.Union([Type.String(), Type.Null()]),
  customerId: Type.String(),
  clubLabel: Type.Object({ labelName: Type.String(), color: Type.String(), color2: Type.String(), rankLevel: Type.Integer() }),
  memberLabel: Type.Object({ text: Type.String(), textColor: Type.String(), backgroundColor: Type.String() }),
  balance: Type.Number(),
  points: Type.Integer({ minimum: 0 }),
  firstTimeLogin: Type.Boolean(),
  passwordExpired: Type.Boolean(),
  createdAt: Millis(),
  affiliateCode: Type.Union([Type.String(), Type.Null()]),
  paymentPassword: Type.Union([Type.String(), Type.Null()]),
  history: Type.Array(HistoryRowSchema),
});
export type MemberFixture = Static<typeof MemberFixtureSchema>;

// ---- agent ----

export const CONTRACT_STATUSES = ['pending', 'active', 'rejected', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_KINDS = ['dividend', 'dailySalary', 'hourSalary', 'realtimeSalary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const ContractFixtureSchema = Type.Object({
  id: Type.Integer(),
  kind: literals(CONTRACT_KINDS),
  /** The downline the contract is with. */
  account: Type.String(),
  /** The agent who offered it. */
  parentAccount: Type.String(),
  rate: Type.Number({ minimum: 0 }),
  activeMembers: Type.Integer({ minimum: 0 }),
  periodValidBet: Type.Number(),
  periodPnl: Type.Number(),
  dailyBetAmount: Type.Number({ minimum: 0 }),
  hourlyBetAmount: Type.Number({ minimum: 0 }),
  realtimeProfitRate: Type.Number({ minimum: 0 }),
  lossRate: Type.Number({ minimum: 0 }),
  singleBetAmount: Type.Number({ minimum: 0 }),
  status: literals(CONTRACT_STATUSES),
});
export type ContractFixture = Static<typeof ContractFixtureSchema>;

export const AgentWorldSchema = Type.Object({
  announcements: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      content: Type.String(),
      timestamp: Millis(),
      tr: Translations({ title: Type.String(), content: Type.String() }),
    }),
  ),
  dividendContracts: Type.Array(ContractFixtureSchema),
  dailySalaryContracts: Type.Array(ContractFixtureSchema),
  hourSalaryContracts: Type.Array(ContractFixtureSchema),
  realtimeSalaryContracts: Type.Array(ContractFixtureSchema),
  consolidatedSettings: Type.Object({
    dailysalreqtype: Type.Integer(),
    divtypereq: Type.Integer(),
    contracthoursalreq: Type.Integer(),
    realtimesalreqtype: Type.Integer(),
  }),
});
export type AgentWorld = Static<typeof AgentWorldSchema>;

// ---- help, countries, lottery, system ----

export const HelpSchema = Type.Object({
  categories: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      items: Type.Array(
        Type.Object({
          id: Type.Integer(),
          title: Type.String(),
          content: Type.String(),
          tr: Translations({ title: Type.String(), content: Type.String() }),
        }),
      ),
      tr: Translations({ title: Type.String() }),
    }),
  ),
  /** The user agreement (HTML). */
  protocol: Type.String(),
  tr: Translations({ protocol: Type.String() }),
});
export type Help = Static<typeof HelpSchema>;

export const CountrySchema = Type.Object({
  countryCode: Type.String({ minLength: 2 }),
  countryDialingCode: Type.String({ pattern: '^\\+[0-9]+$' }),
  name: Type.String(),
});
export type Country = Static<typeof CountrySchema>;

export const LotteryGameSchema = Type.Object({
  gameCode: Type.String({ minLength: 1 }),
  gameName: Type.String(),
  defaultPlayType: Type.String(),
  drawIntervalSeconds: Type.Integer({ minimum: 1 }),
  tr: Translations({ gameName: Type.String() }),
});
export type LotteryGame = Static<typeof LotteryGameSchema>;

export const LotteryMenuSchema = Type.Object({
  gameGroupCode: Type.String(),
  labelName: Type.String(),
  prizeMode: Type.String(),
  games: Type.Array(LotteryGameSchema),
  tr: Translations({ labelName: Type.String() }),
});
export type LotteryMenu = Static<typeof LotteryMenuSchema>;

export const NumeroSchema = Type.Object({
  gameCode: Type.String(),
  numero: Type.String(),
  openTime: Millis(),
  result: Type.String(),
});
export type Numero = Static<typeof NumeroSchema>;

export const LotteryWorldSchema = Type.Object({
  gameMenus: Type.Array(LotteryMenuSchema),
  vnGameMenus: Type.Array(LotteryMenuSchema),
  numeros: Type.Array(NumeroSchema),
});
export type LotteryWorld = Static<typeof LotteryWorldSchema>;

export const RESOURCE_TYPES = ['Android', 'MOBILECONFIG', 'AFFILIATELINK', 'USDJUMP', 'FACEBOOK', 'INSTAGRAM', 'TELEGRAM'] as const;

export const MissionFixtureSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  target: Type.Number({ minimum: 0 }),
  progress: Type.Number({ minimum: 0 }),
  reward: Type.Number({ minimum: 0 }),
  status: ActivityStatusSchema,
  tr: Translations({ title: Type.String() }),
});
export type MissionFixture = Static<typeof MissionFixtureSchema>;

export const MessageFixtureSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  timestamp: Millis(),
  read: Type.Boolean(),
});
export type MessageFixture = Static<typeof MessageFixtureSchema>;

export const SystemWorldSchema = Type.Object({
  domainRoutes: Type.Array(Type.Object({ domain: Type.String(), speed: Type.Number({ minimum: 0 }) })),
  resources: Type.Array(
    Type.Object({
      resourceType: literals(RESOURCE_TYPES),
      url: Type.String(),
      qrCodeUrl: Type.String(),
      labelNameEn: Type.String(),
    }),
  ),
  menuSettings: Type.Object({ topBar: Type.Boolean(), sideBar: Type.Boolean(), categoryOrder: Type.Array(Type.String()) }),
  winners: Type.Array(Type.Object({ player: Type.String(), gameName: Type.String(), prize: Type.Number({ minimum: 0 }) })),
  missions: Type.Array(MissionFixtureSchema),
  messages: Type.Array(MessageFixtureSchema),
});
export type SystemWorld = Static<typeof SystemWorldSchema>;

// ---- scenarios ----

export const ScenarioSchema = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9-]+$' }),
  description: Type.String(),
  brand: Type.Optional(Type.Partial(BrandSchema)),
  flags: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z0-9_]+$' }), Type.Boolean())),
  systemStatus: Type.Optional(literals([0, 1, 2] as const)),
});
export type Scenario = Static<typeof ScenarioSchema>;

// ---- the files ----

/** Every file of `fixtures/` and the schema it must satisfy (scenarios: ScenarioSchema). */
export const FIXTURE_SCHEMAS = {
  'brand.json': BrandSchema,
  'whitelabel.json': WhitelabelSchema,
  'register-rules.json': Type.Array(FieldRuleSchema),
  'vendors.json': Type.Array(VendorFixtureSchema),
  'games.json': Type.Array(GameFixtureSchema),
  'members.json': Type.Array(MemberFixtureSchema),
  'banners.json': Type.Array(BannerFixtureSchema),
  'announcements.json': Type.Array(AnnouncementFixtureSchema),
  'promotions.json': Type.Array(PromotionFixtureSchema),
  'vip.json': Type.Array(VipLevelSchema),
  'agent.json': AgentWorldSchema,
  'help.json': HelpSchema,
  'countries.json': Type.Array(CountrySchema),
  'lottery.json': LotteryWorldSchema,
  'system.json': SystemWorldSchema,
} as const;

export type FixtureFile = keyof typeof FIXTURE_SCHEMAS;
export type FixtureOf<F extends FixtureFile> = Static<(typeof FIXTURE_SCHEMAS)[F]>;

/** The whole generated world, one member per file (register-rules.json is optional: the built-in rules). */
export interface WorldFixtures {
  brand: Brand;
  whitelabel: FixtureOf<'whitelabel.json'>;
  vendors: VendorFixture[];
  games: GameFixture[];
  banners: BannerFixture[];
  announcements: AnnouncementFixture[];
  promotions: PromotionFixture[];
  vip: VipLevel[];
  members: MemberFixture[];
  agent: AgentWorld;
  help: Help;
  countries: Country[];
  lottery: LotteryWorld;
  system: SystemWorld;
}
