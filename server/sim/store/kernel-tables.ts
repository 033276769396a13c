/**
 * The kernel's slice of the world schema (docs/world-tables.md is generated from these): the world's
 * own settings, clock, accounts, sessions, ledger, free-play guests, SMS and captchas. Modules declare
 * their own slices next to their code (wallet, points, promotions, messages, lottery, agent, demo
 * play, login failures).
 */
import { Type } from '@sinclair/typebox';
import { FieldRuleSchema } from '../../../openapi/field-rule-schema';
import { BrandSchema, MemberFixtureSchema, WhitelabelSchema } from '../../../openapi/fixtures';
import { defineRecord, defineTable } from './schema';

const Millis = Type.Number({ description: 'milliseconds since 1970 on the world clock' });

export const WORLD = defineRecord({
  name: 'world',
  owner: 'kernel',
  doc: "The world's scenario, when it was (re)loaded, and the parts of the fixtures a scenario or the control API change (brand settings and status, module flags, register rules).",
  row: Type.Object({
    scenario: Type.String(),
    loadedAt: Millis,
    nextMemberId: Type.Integer(),
    brand: Type.Composite([Type.Omit(BrandSchema, ['defaultPassword']), Type.Object({ defaultPassword: Type.Optional(Type.String()) })], {
      description: "brand settings; the default password is not written (it comes from the fixtures)",
    }),
    whitelabel: WhitelabelSchema,
    registerRules: Type.Array(FieldRuleSchema),
  }),
  rules: { nonNegative: ['nextMemberId'], nextIds: { nextMemberId: { table: 'accounts', path: 'id' } } },
  toDisk: (row) => {
    const { defaultPassword: _secret, ...brand } = row.brand;
    return { ...row, brand };
  },
});

export const CLOCK = defineRecord({
  name: 'clock',
  owner: 'kernel',
  survivesReset: true,
  doc: 'How far QA moved the world clock ahead of real time.',
  row: Type.Object({ offsetMs: Type.Number() }),
});

export const ACCOUNTS = defineTable({
  name: 'accounts',
  owner: 'kernel',
  key: 'account (the login name)',
  doc: 'Every account of the world: seed members, registered players, agents and free-play guests. Passwords are kept as salted digests only.',
  accountField: 'account',
  row: Type.Object({
    id: Type.Integer(),
    account: Type.String(),
    nickname: Type.String(),
    passwordHash: Type.String(),
    paymentPasswordHash: Type.Union([Type.String(), Type.Null()]),
    mobileNum: Type.String(),
    countryDialingCode: Type.String(),
    email: Type.String(),
    isAgent: Type.Integer(),
    type: Type.Integer(),
    parentAccount: Type.Union([Type.String(), Type.Null()]),
    customerId: Type.String(),
    clubLabel: MemberFixtureSchema.properties.clubLabel,
    memberLabel: MemberFixtureSchema.properties.memberLabel,
    points: Type.Number(),
    firstTimeLogin: Type.Boolean(),
    passwordExpired: Type.Boolean(),
    defaultPassword: Type.Boolean({ description: "the password is the brand's default weak password (forced change)" }),
    createdAt: Millis,
    affiliateCode: Type.String(),
    referralCode: Type.String(),
    referredBy: Type.Optional(Type.String({ description: 'the account whose referral code this one registered with' })),
    favourites: Type.Array(Type.Integer()),
    recentGames: Type.Array(Type.Integer()),
    avatar: Type.Integer(),
  }),
  // Not referredBy: a free-play guest can refer a player and expire, and the player keeps the name.
  rules: { nonNegative: ['id', 'points'], references: { parentAccount: 'accounts' } },
});

export const SESSIONS = defineTable({
  name: 'sessions',
  owner: 'kernel',
  key: 'token',
  doc: 'Live login sessions; a token keeps working after a restart, a reload or an import.',
  accountField: 'account',
  row: Type.Object({
    token: Type.String(),
    account: Type.String(),
    createdAt: Millis,
    expiresAt: Millis,
    loginType: Type.Union([Type.Literal('username'), Type.Literal('sms'), Type.Literal('freeplay'), Type.Literal('register'), Type.Literal('phone-reset')]),
  }),
});

export const TX_KINDS = ['bet', 'win', 'deposit', 'withdraw', 'transfer', 'redeem', 'bonus', 'rebate', 'convert'] as const;

export const LEDGER = defineTable({
  name: 'ledger',
  owner: 'kernel',
  key: 'id (the transaction id, as text)',
  doc: "Every money movement of every account; an account's balance is the balanceAfter of its newest row.",
  accountField: 'account',
  groupBy: 'account',
  row: Type.Object({
    id: Type.Integer(),
    account: Type.String(),
    kind: Type.Union(TX_KINDS.map((k) => Type.Literal(k))),
    amount: Type.Number(),
    balanceAfter: Type.Number(),
    time: Millis,
    remark: Type.String(),
    status: Type.Union([Type.Literal('success'), Type.Literal('pending'), Type.Literal('rejected')]),
  }),
  rules: { money: ['amount', 'balanceAfter'], nonNegative: ['id', 'balanceAfter'] },
});

export const BETS = defineTable({
  name: 'bets',
  owner: 'kernel',
  key: 'id (the bet id, as text)',
  doc: 'Settled bets, for the betting record and the agent reports.',
  accountField: 'account',
  groupBy: 'account',
  row: Type.Object({
    id: Type.Integer(),
    account: Type.String(),
    vendor: Type.String(),
    gameName: Type.String(),
    gameType: Type.String(),
    betAmount: Type.Number(),
    validBet: Type.Number(),
    winAmount: Type.Number(),
    profit: Type.Number(),
    time: Millis,
  }),
  rules: { money: ['betAmount', 'validBet', 'winAmount', 'profit'], nonNegative: ['id', 'betAmount', 'validBet', 'winAmount'] },
});

export const LEDGER_COUNTERS = defineRecord({
  name: 'ledger_counters',
  owner: 'kernel',
  doc: 'The next transaction and bet ids.',
  row: Type.Object({ nextTx: Type.Integer(), nextBet: Type.Integer() }),
  rules: {
    nonNegative: ['nextTx', 'nextBet'],
    nextIds: { nextTx: { table: 'ledger', path: 'id' }, nextBet: { table: 'bets', path: 'id' } },
  },
});

export const GUESTS = defineTable({
  name: 'guests',
  owner: 'kernel',
  key: 'account',
  doc: "Free-play guests made at run time and when they expire; the sweep then deletes the guest's rows in every table.",
  row: Type.Object({ account: Type.String(), expiresAt: Millis }),
  rules: { references: { account: 'accounts' } },
});

export const SMS_OUTBOX = defineTable({
  name: 'sms_outbox',
  owner: 'kernel',
  key: 'id (as text)',
  doc: 'Text messages sent (the newest 200), as QA reads them.',
  row: Type.Object({
    id: Type.Integer(),
    purpose: Type.Union([Type.Literal('register'), Type.Literal('login'), Type.Literal('forgot')]),
    mobileNum: Type.String(),
    countryDialingCode: Type.String(),
    code: Type.String(),
    text: Type.String(),
    time: Millis,
    expiresAt: Millis,
  }),
  rules: { nonNegative: ['id'] },
});

export const SMS_CODES = defineTable({
  name: 'sms_codes',
  owner: 'kernel',
  key: 'purpose:mobile',
  doc: 'Verification codes waiting to be entered (kept an hour past expiry to answer code-expired).',
  row: Type.Object({ code: Type.String(), expiresAt: Millis }),
});

export const SMS_THROTTLES = defineTable({
  name: 'sms_throttles',
  owner: 'kernel',
  key: 'mobile number',
  doc: 'When each number last asked for codes, within the throttle window.',
  row: Type.Object({ times: Type.Array(Millis) }),
});

export const SMS_LOCKS = defineTable({
  name: 'sms_locks',
  owner: 'kernel',
  key: 'mobile number',
  doc: 'Numbers locked out of SMS after too many requests, until when.',
  row: Type.Object({ until: Millis }),
});

export const SMS_COUNTERS = defineRecord({
  name: 'sms_counters',
  owner: 'kernel',
  doc: 'The next outbox id and how many messages were dropped from the outbox since the load.',
  row: Type.Object({ nextId: Type.Integer(), dropped: Type.Integer() }),
  rules: { nonNegative: ['nextId', 'dropped'], nextIds: { nextId: { table: 'sms_outbox', path: 'id' } } },
});

export const CAPTCHAS = defineTable({
  name: 'captchas',
  owner: 'kernel',
  key: 'captcha id',
  doc: 'Captcha challenges issued and not yet answered or expired.',
  row: Type.Object({ answer: Type.String(), expiresAt: Millis }),
});

export const CAPTCHA_LAST = defineRecord({
  name: 'captcha_last',
  owner: 'kernel',
  doc: 'The newest captcha and its answer, for the QA control API.',
  row: Type.Object({ id: Type.String(), answer: Type.String() }),
});
