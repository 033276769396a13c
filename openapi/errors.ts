/**
 * The error registry: every error code the server can answer, written once. Each row
 * gives the HTTP status the server answers it with, the English default message, and which
 * operations can answer it. `npm run gen` writes each operation's codes under `x-error-codes` in
 * openapi.json and the union of codes into web/src/api/error-codes.ts; the server's error helpers
 * (server/errors.ts) accept only these codes, and web/src/i18n/errors-catalogue.test.ts fails when a
 * code has no English or Urdu text in the errors catalogue.
 *
 * Type-only imports: this module is plain data, so the web app and scripts can read it without
 * pulling TypeBox in.
 */
import type { Access } from './define';
import type { OperationId } from './operations';

/**
 * Which operations can answer a code: a rule over every operation (`every`; `token` for those
 * needing a session, `member` and `agent` for the access levels, `encrypted` for encrypted bodies),
 * and or a list of operationIds. `except` takes operations out of a rule.
 */
export interface ErrorScope {
  rule?: 'every' | 'token' | 'member' | 'agent' | 'encrypted';
  operations?: readonly OperationId[];
  except?: readonly OperationId[];
}

export interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 415 | 429 | 500 | 503;
  /** English default; the client shows the errors catalogue's text for the code in the user's language. */
  message: string;
  scope: ErrorScope;
  /**
   * Where the code comes from when no operation of the gateway contract answers it: the demo game,
   * the control API, or the simulator's state directory (`--state`).
   */
  source?: 'demo-game' | 'control' | 'state';
}

/**
 * A code gateway mode's own proxy answers (server/gateway/proxy.ts) when the gateway it forwards to
 * breaks the contract, cannot be reached or does not answer in time: 502 and 504, statuses no
 * operation of the gateway contract has, so they are kept apart from its registry (and from
 * openapi.json's `x-error-registry`).
 */
export interface GatewayModeErrorEntry {
  status: 502 | 504;
  message: string;
  source: 'gateway-mode';
}

/** Operations that answer even during maintenance and region restriction: the status call. */
export const STATUS_GATE_EXEMPT = ['getSystemStatus'] as const satisfies readonly OperationId[];

const SMS_SENDERS = ['sendRegisterSms', 'sendLoginSms', 'sendForgotSms'] as const satisfies readonly OperationId[];
const SMS_CHECKERS = ['login', 'registerMobile', 'register', 'setPasswordByPhone'] as const satisfies readonly OperationId[];
const CONTRACT_OPS = [
  'getDividendContracts',
  'requestDividend',
  'getDailySalaryContracts',
  'getHourSalaryContracts',
  'getRealtimeSalaryContracts',
  'contractAction',
] as const satisfies readonly OperationId[];

export const errorRegistry = {
  // ---- raised for any operation by the contract layer (server/contract.ts, server/app.ts) ----
  request_param_err: {
    status: 400,
    message: 'Request parameters are invalid',
    scope: { rule: 'every' },
  },
  // A known path called with a method it does not have (405, with Allow; server/methods.ts).
  request_method_err: {
    status: 405,
    message: 'Method not allowed',
    scope: { rule: 'every' },
  },
  // A body of a media type the operation does not take (415; server/content-type.ts).
  request_content_type_err: {
    status: 415,
    message: 'Unsupported content type',
    scope: { rule: 'every' },
  },
  'login.not.session': {
    status: 401,
    message: 'Not logged in, please log in',
    // Public launch calls need a session too (launching a game needs a login).
    scope: { rule: 'token', operations: ['launchGame', 'launchPvp', 'launchLotteryLobby'] },
  },
  in_need_true_account: {
    status: 403,
    message: 'Please Register An Account First',
    scope: { rule: 'member' },
  },
  'agent.not.agent': {
    status: 403,
    message: 'Non-agents cannot log in',
    scope: { rule: 'agent' },
  },
  'system.maintenance': {
    status: 503,
    message: 'System Maintenance',
    scope: { rule: 'every', except: STATUS_GATE_EXEMPT },
  },
  'system.region.restricted': {
    status: 403,
    message: 'IP Restriction',
    scope: { rule: 'every', except: STATUS_GATE_EXEMPT },
  },
  unknown: {
    status: 500,
    message: 'Unknown error',
    scope: { rule: 'every' },
  },
  'resource.not.found': {
    status: 404,
    message: 'Not found',
    scope: {
      operations: [
        'getGameTypes',
        'launchGame',
        'getPvpRooms',
        'launchPvp',
        'getSuggestedGames',
        'addFavourite',
        'removeFavourite',
        'getVnNumeros',
        'getOpenedNumero',
        'launchLotteryLobby',
        'readMessage',
        'redeemPoints',
        'getPromotionDetail',
        'joinPromotion',
        'claimRaffle',
        'confirmWithdrawReceived',
        'contractAction',
      ],
    },
  },
  'permission.denied': {
    status: 403,
    message: 'You do not have access to this feature',
    scope: { operations: ['contractAction'] },
  },
  'operation-not-allowed': {
    status: 403,
    message: 'This operation is not allowed',
    scope: {
      operations: [
        'login',
        'freePlayLogin',
        'register',
        'registerMobile',
        'setPasswordByPhone',
        'sendLoginSms',
        'sendForgotSms',
        'joinPromotion',
        'getMissionLeaderboard',
        'getChatUrl',
        'getChatUnread',
        ...CONTRACT_OPS,
      ],
    },
  },

  // ---- session, verification, member ----
  'too-many-requests': {
    status: 429,
    message: 'Too many requests, retry after 5 minutes',
    scope: { operations: SMS_SENDERS },
  },
  'missing-phone-number': {
    status: 400,
    message: 'Mobile number is required',
    scope: { operations: [...SMS_SENDERS, ...SMS_CHECKERS] },
  },
  'invalid-phone-number': {
    status: 400,
    message: 'Valid mobile number required',
    scope: { operations: [...SMS_SENDERS, ...SMS_CHECKERS] },
  },
  'missing-verification-code': {
    status: 400,
    message: 'Valid verification code required',
    scope: { operations: SMS_CHECKERS },
  },
  'invalid-verification-code': {
    status: 400,
    message: 'Valid verification code required',
    scope: { operations: SMS_CHECKERS },
  },
  'code-expired': {
    status: 400,
    message: 'The code has expired, please resend',
    scope: { operations: SMS_CHECKERS },
  },
  'captcha-check-failed': {
    status: 400,
    message: 'Captcha incorrect',
    scope: { operations: ['login', 'register'] },
  },
  'login.password.incorrect': {
    status: 400,
    message: 'Account/password/email format incorrect',
    scope: { operations: ['login'] },
  },
  'login.account.notfound': {
    status: 400,
    message: 'Account/password/email format incorrect',
    scope: { operations: ['login'] },
  },
  'member.username.exists': {
    status: 400,
    message: 'Username already exists',
    scope: { operations: ['register', 'registerDownline'] },
  },
  'member.mobile.exists': {
    status: 400,
    message: 'Mobile number already registered',
    scope: { operations: ['register', 'registerMobile', 'sendRegisterSms'] },
  },
  'member.password.incorrect': {
    status: 400,
    message: 'Old password incorrect',
    scope: { operations: ['changePassword'] },
  },
  'member.password.weak': {
    status: 400,
    message: 'The new password must not be the default password',
    scope: { operations: ['changePassword'] },
  },
  'member.email.mismatch': {
    status: 400,
    message: 'Account/password/email format incorrect',
    scope: { operations: ['forgotPasswordByEmail'] },
  },
  inconsistent_twice: {
    status: 400,
    message: 'Confirmation password incorrect',
    scope: { operations: ['changePassword'] },
  },
  invitation_code_error: {
    status: 400,
    message: 'Invalid invitation code',
    scope: { operations: ['register', 'registerMobile', 'checkAffiliate'] },
  },
  in_please_information: {
    status: 403,
    message: 'Please Register An Account First',
    scope: { operations: ['getChatUrl', 'getChatUnread'] },
  },

  // ---- wallet ----
  'wallet.insufficient.balance': {
    status: 400,
    message: 'Insufficient balance',
    scope: { operations: ['walletTransfer', 'withdraw', 'transferToUpline'] },
    source: 'demo-game',
  },
  'wallet.transfer.invalid': {
    status: 400,
    message: 'Transfers go between the main wallet and a vendor wallet',
    scope: { operations: ['walletTransfer'] },
  },
  'wallet.amount.out.of.range': {
    status: 400,
    message: 'The amount is outside the allowed range',
    scope: { operations: ['deposit', 'withdraw'] },
  },
  'wallet.payment.password.unset': {
    status: 400,
    message: 'Set a payment password first',
    scope: { operations: ['withdraw', 'transferToUpline'] },
  },
  'wallet.payment.password.incorrect': {
    status: 400,
    message: 'Payment password incorrect',
    scope: { operations: ['withdraw', 'transferToUpline'] },
  },
  'wallet.withdraw.rejected': {
    status: 400,
    message: 'This withdrawal was rejected',
    scope: { operations: ['confirmWithdrawReceived'] },
  },
  'wallet.no.upline': {
    status: 400,
    message: 'This account has no upline to transfer to',
    scope: { operations: ['transferToUpline'] },
  },
  'rebate.nothing.to.claim': {
    status: 400,
    message: 'There is no rebate to claim yet',
    scope: { operations: ['claimRebate'] },
  },

  // ---- games and lottery ----
  'game.maintenance': {
    status: 400,
    message: 'This game is under maintenance',
    scope: { operations: ['launchGame', 'launchPvp', 'walletTransfer'] },
    source: 'demo-game',
  },
  'game.ticket.invalid': {
    status: 401,
    message: 'This game session has ended; launch the game again',
    scope: {},
    source: 'demo-game',
  },
  'lottery.unavailable': {
    status: 400,
    message: 'No lottery is available',
    scope: { operations: ['launchLotteryLobby'] },
  },

  // ---- points and promotions ----
  'points.password.incorrect': {
    status: 400,
    message: 'Password incorrect',
    scope: { operations: ['redeemPoints', 'convertPoints'] },
  },
  'points.out.of.stock': {
    status: 400,
    message: 'Out of stock',
    scope: { operations: ['redeemPoints'] },
  },
  'points.insufficient': {
    status: 400,
    message: 'Not enough points',
    scope: { operations: ['redeemPoints', 'convertPoints'] },
  },
  'promotion.already.joined': {
    status: 400,
    message: 'You have already joined this promotion',
    scope: { operations: ['joinPromotion'] },
  },
  'promotion.not.joinable': {
    status: 400,
    message: 'This promotion cannot be joined',
    scope: { operations: ['joinPromotion'] },
  },
  'promotion.not.applicable': {
    status: 400,
    message: 'This promotion cannot be applied to a deposit',
    scope: { operations: ['deposit'] },
  },
  'promotion.not.raffle': {
    status: 400,
    message: 'This promotion is not a raffle',
    scope: { operations: ['claimRaffle'] },
  },
  'promotion.already.claimed': {
    status: 400,
    message: 'The prize has already been claimed',
    scope: { operations: ['claimRaffle'] },
  },
  'promotion.not.claimable': {
    status: 400,
    message: 'Nothing to claim',
    scope: { operations: ['claimRaffle'] },
  },

  // ---- agent centre ----
  'agent.not.downline': {
    status: 403,
    message: 'This account is not in your team',
    scope: { operations: ['getDownlines', 'getTeamBetting', 'getTeamProfitLoss', 'getDownlineTransactions', 'requestDividend'] },
  },
  'agent.rate.too.high': {
    status: 400,
    message: 'The rate cannot exceed your own dividend rate',
    scope: { operations: ['requestDividend'] },
  },
  'agent.contract.pending': {
    status: 400,
    message: 'This downline already has an offer waiting for an answer',
    scope: { operations: ['requestDividend'] },
  },
  'agent.contract.state': {
    status: 400,
    message: 'This contract cannot be changed in its current state',
    scope: { operations: ['contractAction'] },
  },

  // ---- the QA control API (/__sim, its own document) ----
  'sim.scenario.unknown': { status: 400, message: 'Unknown scenario', scope: {}, source: 'control' },
  'sim.snapshot.unknown': { status: 404, message: 'Unknown snapshot', scope: {}, source: 'control' },
  'sim.not.found': { status: 404, message: 'Nothing found', scope: {}, source: 'control' },
  'sim.fault.empty': { status: 400, message: 'A fault needs a status, a delay or a drop', scope: {}, source: 'control' },
  'sim.fault.injected': { status: 500, message: 'Injected fault', scope: {}, source: 'control' },
  'sim.journal.off': { status: 409, message: 'The request journal is off (--journal off)', scope: {}, source: 'control' },
  'sim.world.exists': { status: 409, message: 'The world already exists', scope: {}, source: 'control' },
  // Any call that changed a world deleted or replaced (imported over) while it ran: nothing it did is kept
  // (server/durability.ts).
  'sim.world.removed': { status: 410, message: 'The world this call ran in was deleted while it ran; nothing it did is kept', scope: {}, source: 'control' },
  // Who may reach the control plane (server/plugins/control-access.ts, ADR 023).
  'sim.control.host': { status: 403, message: 'The control API answers only a loopback host name or one allowed with --allow-host', scope: {}, source: 'control' },
  'sim.control.origin': { status: 403, message: 'The control API refuses calls from pages of another site', scope: {}, source: 'control' },
  'sim.control.token': { status: 401, message: 'The control API needs its token in the X-Sim-Control-Token header', scope: {}, source: 'control' },

  // ---- durable worlds (`--state DIR`, server/durability.ts): a change that could not be written ----
  'sim.state.unwritable': { status: 503, message: 'The change could not be saved', scope: {}, source: 'state' },
} as const satisfies Record<string, ErrorEntry>;

/** The codes gateway mode's proxy answers itself (see GatewayModeErrorEntry). */
export const gatewayModeErrors = {
  'gateway.contract.violation': { status: 502, message: "The gateway's reply breaks the contract", source: 'gateway-mode' },
  'gateway.unreachable': { status: 502, message: 'The gateway could not be reached', source: 'gateway-mode' },
  'gateway.timeout': { status: 504, message: 'The gateway did not answer in time', source: 'gateway-mode' },
} as const satisfies Record<string, GatewayModeErrorEntry>;

/** Every code the server can answer: the simulator's and gateway mode's. */
export type ErrorCodeName = keyof typeof errorRegistry | keyof typeof gatewayModeErrors;

/** Every entry by code, whichever part of the registry holds it. */
export const errorEntries: Readonly<Record<ErrorCodeName, ErrorEntry | GatewayModeErrorEntry>> = { ...errorRegistry, ...gatewayModeErrors };

export const ERROR_CODES = Object.keys(errorEntries) as ErrorCodeName[];

/** Names for the codes the server raises from shared code (contract layer, helpers). */
export const ErrorCode = {
  requestParam: 'request_param_err',
  notSession: 'login.not.session',
  forbidden: 'permission.denied',
  notAgent: 'agent.not.agent',
  guest: 'in_need_true_account',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
  throttled: 'too-many-requests',
  notFound: 'resource.not.found',
  /** A known path called with a method it does not have (405, with Allow). */
  methodNotAllowed: 'request_method_err',
  /** A body of a media type the operation does not take (415). */
  unsupportedMediaType: 'request_content_type_err',
  unknown: 'unknown',
} as const satisfies Record<string, ErrorCodeName>;

/** What an operation needs to know to match a scope rule. */
export interface ScopedOperation {
  operationId: string;
  access: Access;
  encrypted?: boolean;
}

function ruleMatches(rule: ErrorScope['rule'], op: ScopedOperation): boolean {
  switch (rule) {
    case 'every':
      return true;
    case 'token':
      return op.access !== 'public';
    case 'member':
      return op.access === 'member';
    case 'agent':
      return op.access === 'agent';
    case 'encrypted':
      return op.encrypted === true;
    default:
      return false;
  }
}

/** The codes an operation can answer, in registry order (x-error-codes). */
export function errorCodesOf(op: ScopedOperation): ErrorCodeName[] {
  return ERROR_CODES.filter((code) => {
    const entry = errorEntries[code];
    if (!('scope' in entry)) return false;
    const scope: ErrorScope = entry.scope;
    const id = op.operationId as OperationId;
    if (scope.except?.includes(id)) return false;
    return ruleMatches(scope.rule, op) || (scope.operations?.includes(id) ?? false);
  });
}
