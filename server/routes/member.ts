/** Member routes: info, registration, passwords, profile, funds, VIP ladder, referral. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateForm, type FieldError } from '../../openapi/field-rules';
import { roundMoney, sumMoney } from '../../openapi/money';
import { memberOps } from '../../openapi/member';
import { registerArea } from '../contract';
import { ApiError, forbidden, refused } from '../errors';
import { loginFailures } from '../sim/login-failures';
import { checkMobile } from '../sim/sms';
import { localize, localizedField } from '../sim/localize';
import type { Account, Sim } from '../sim/state';
import { CAPTCHA_COOKIE } from './session';

function fieldErrors(errors: Record<string, FieldError>): ApiError | null {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return new ApiError(400, 'request_param_err', entries.map(([, e]) => e.message).join('; '), {
    fields: entries.map(([key, e]) => ({ field: `body/${key}`, message: e.message })),
  });
}

/** The rank's name in the player's language (VIP names are content, translated like any other). */
function vipLabel(sim: Sim, label: Account['clubLabel'], language: string | undefined): Account['clubLabel'] {
  const level = sim.world.vip.find((v) => v.rankLevel === label.rankLevel && v.labelName === label.labelName);
  return level ? { ...label, labelName: localizedField(level, 'labelName', language) } : label;
}

function memberView(sim: Sim, a: Account, language?: string) {
  return {
    id: a.id,
    account: a.account,
    nickname: a.nickname,
    type: a.type,
    isAgent: a.isAgent,
    toUpline: !!a.parentAccount && !sim.isGuest(a),
    customerId: a.customerId,
    clubLabel: vipLabel(sim, a.clubLabel, language),
    memberLabel: a.memberLabel,
    mobileNum: a.mobileNum,
    countryDialingCode: a.countryDialingCode,
    email: a.email,
    hasPaymentPassword: !!a.paymentPasswordHash,
    affiliateCode: a.affiliateCode,
    createdAt: a.createdAt,
  };
}

/** The agent owning an affiliate code, or invitation_code_error. */
function agentOfCode(sim: Sim, code: string): Account {
  for (const a of sim.accounts.values()) if (a.affiliateCode && a.affiliateCode === code.trim()) return a;
  throw refused('invitation_code_error', 'Invalid invitation code', {
    fields: [{ field: 'body/affiliateCode', message: 'invitation_code_error' }],
  });
}

function referrerOf(sim: Sim, code: string): Account {
  for (const a of sim.accounts.values()) if (a.referralCode === code.trim()) return a;
  throw refused('invitation_code_error', 'Invalid invitation code', {
    fields: [{ field: 'body/referralCode', message: 'invitation_code_error' }],
  });
}

function checkRegisterCaptcha(sim: Sim, request: FastifyRequest, answer: string | undefined): void {
  const settingsOn = sim.world.brand.registerCaptcha ?? sim.world.registerRules.some((r) => r.key === 'captcha' && r.enabled);
  if (!settingsOn) return;
  if (!sim.captcha.check(request.cookies[CAPTCHA_COOKIE], answer)) {
    throw refused('captcha-check-failed', 'Captcha incorrect', { captcha: true, fields: [{ field: 'body/captcha', message: 'captcha-check-failed' }] });
  }
}

type RegisterBody = {
  username?: string;
  password?: string;
  confirmPassword?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  verificationCode?: string;
  email?: string;
  affiliateCode?: string;
  referralCode?: string;
  paymentPassword?: string;
  captcha?: string;
  login: boolean;
} & Record<string, unknown>;

function completeRegistration(sim: Sim, body: RegisterBody, account: string, password: string, mobile: string) {
  const parent = body.affiliateCode ? agentOfCode(sim, body.affiliateCode) : undefined;
  const referrer = body.referralCode ? referrerOf(sim, body.referralCode) : undefined;
  const created = sim.createAccount({
    account,
    password,
    mobileNum: mobile,
    countryDialingCode: body.countryDialingCode ?? '',
    email: body.email ?? '',
    parentAccount: parent?.account ?? null,
    ...(referrer ? { referredBy: referrer.account } : {}),
  });
  if (body.paymentPassword) sim.setPaymentPassword(created, body.paymentPassword);
  const token = body.login ? sim.sessions.create(created.account, 'register').token : undefined;
  return { account: created.account, ...(token ? { token } : {}) };
}

/** Member routes plugin. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, memberOps, {
    getMemberInfo: ({ sim, me, language }) => memberView(sim, me(), language),

    register: ({ sim, body, request }) => {
      if (!sim.flag('USERNAMEREG3') && !sim.flag('DIRECTREG3')) {
        throw forbidden('operation-not-allowed', 'Registration by username is not enabled');
      }
      const values = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const invalid = fieldErrors(validateForm(sim.world.registerRules, values));
      if (invalid) throw invalid;
      // Refusals that need no one-time proof come first, so they do not use up the captcha or code.
      if (sim.findAccount(body.username)) {
        throw refused('member.username.exists', 'Username already exists', { fields: [{ field: 'body/username', message: 'already exists' }] });
      }
      if (body.affiliateCode) agentOfCode(sim, body.affiliateCode);
      if (body.referralCode) referrerOf(sim, body.referralCode);
      const mobile = body.mobileNum ? checkMobile(body.mobileNum) : '';
      // One account per mobile number, as the register SMS and mobile registration hold it.
      if (mobile && sim.findByMobile(mobile)) {
        throw refused('member.mobile.exists', 'Mobile number already registered', { fields: [{ field: 'body/mobileNum', message: 'already registered' }] });
      }
      checkRegisterCaptcha(sim, request, body.captcha);
      if (mobile && sim.flag('REGMOBVERF3')) sim.sms.verify('register', mobile, body.verificationCode);
      return completeRegistration(sim, body, body.username, body.password ?? '', mobile);
    },

    registerMobile: ({ sim, body, request }) => {
      if (!sim.flag('MOBILENUMREG3')) throw forbidden('operation-not-allowed', 'Registration by mobile is not enabled');
      const mobile = checkMobile(body.mobileNum);
      const withPassword = sim.flag('MOBILENUMPASSREG3');
      const rules = sim.world.registerRules.filter(
        (r) => withPassword || (r.key !== 'password' && r.key !== 'confirmPassword'),
      );
      const values = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const invalid = fieldErrors(validateForm(rules.filter((r) => r.key !== 'username'), values));
      if (invalid) throw invalid;
      checkRegisterCaptcha(sim, request, body.captcha);
      if (sim.flag('REGMOBVERF3')) sim.sms.verify('register', mobile, body.verificationCode);
      // The generated account number equals the mobile number.
      if (sim.findAccount(mobile) || sim.findByMobile(mobile)) {
        throw refused('member.mobile.exists', 'Mobile number already registered', { fields: [{ field: 'body/mobileNum', message: 'already registered' }] });
      }
      const generatedPassword = withPassword ? undefined : `m${randomInt(10_000_000, 99_999_999)}`;
      // Without MOBILENUMPASSREG3 the password is always the generated one the reply hands back.
      const result = completeRegistration(sim, body, mobile, generatedPassword ?? body.password ?? '', mobile);
      return { ...result, ...(generatedPassword ? { generatedPassword } : {}) };
    },

    changePassword: ({ sim, body, me }) => {
      const account = me();
      if (!sim.checkPassword(account, body.oldPassword)) {
        throw refused('member.password.incorrect', 'Old password incorrect', { fields: [{ field: 'body/oldPassword', message: 'incorrect' }] });
      }
      if (body.newPassword !== body.confirmNewPassword) {
        throw refused('inconsistent_twice', 'Confirmation password incorrect', { fields: [{ field: 'body/confirmNewPassword', message: 'inconsistent twice' }] });
      }
      const rule = sim.world.registerRules.find((r) => r.key === 'password');
      // The password rule judges newPassword, and the error names the field this call sends.
      const invalid = fieldErrors(validateForm(rule ? [{ ...rule, key: 'newPassword', required: true, enabled: true }] : [], { newPassword: body.newPassword }));
      if (invalid) throw invalid;
      if (body.newPassword === sim.world.brand.defaultPassword) {
        throw refused('member.password.weak', 'The new password must not be the default password', { fields: [{ field: 'body/newPassword', message: 'default password' }] });
      }
      sim.setPassword(account, body.newPassword);
      // After a change the client logs in again: the old sessions end.
      sim.sessions.revokeAccount(account.account);
      return true;
    },

    forgotPasswordByEmail: ({ sim, body }) => {
      const account = sim.findAccount(body.username);
      if (!account || account.email.toLowerCase() !== body.email.toLowerCase()) {
        throw refused('member.email.mismatch', 'Account/password/email format incorrect');
      }
      return true;
    },

    setPasswordByPhone: ({ sim, body }) => {
      if (!sim.flag('CHNGPASSVERIF3')) throw forbidden('operation-not-allowed', 'Password reset by mobile is not enabled');
      const mobile = checkMobile(body.mobileNum);
      sim.sms.verify('forgot', mobile, body.verificationCode);
      const account = sim.findByMobile(mobile);
      if (!account) throw refused('invalid-phone-number', 'No account uses this mobile number');
      sim.setPassword(account, body.newPassword);
      loginFailures(sim).clear(account.account);
      sim.sessions.revokeAccount(account.account);
      // After a phone reset the player is logged in automatically.
      return { token: sim.sessions.create(account.account, 'phone-reset').token, account: account.account };
    },

    getPlayerAvatar: ({ me }) => ({ avatarUrl: `/assets/avatar/${me().avatar}.svg` }),

    getProfileIcon: ({ me }) => ({
      current: me().avatar,
      icons: Array.from({ length: 8 }, (_, i) => `/assets/avatar/${i}.svg`),
    }),

    getConsolidatedFunds: ({ sim, me }) => {
      const account = me();
      const pending = sim.ledger
        .transactions(account.account)
        .filter((t) => t.kind === 'withdraw' && t.status === 'pending')
        .reduce((s, t) => s - t.amount, 0);
      return { balance: sim.ledger.balance(account.account), points: account.points, pendingWithdrawal: pending, lockedBonus: 0 };
    },

    checkAffiliate: ({ sim, query, request }) => {
      if (query.affiliateCode) {
        const agent = agentOfCode(sim, query.affiliateCode);
        return { affiliateCode: agent.affiliateCode, domain: request.hostname, agentAccount: agent.account };
      }
      // By domain: the brand's default agent owns every domain of the simulator.
      const agent = [...sim.accounts.values()].find((a) => a.affiliateCode);
      if (!query.domain || !agent) throw refused('invitation_code_error', 'Invalid invitation code');
      return { affiliateCode: agent.affiliateCode, domain: query.domain, agentAccount: agent.account };
    },

    getVipLevels: ({ sim, me, language }) => {
      const account = me();
      const bets = sim.ledger.betsOf(account.account);
      const deposit = sim.ledger.transactions(account.account).filter((t) => t.kind === 'deposit').reduce((s, t) => s + t.amount, 0);
      return {
        current: account.clubLabel.rankLevel,
        progress: { deposit: roundMoney(deposit), bet: sumMoney(bets.map((b) => b.validBet)) },
        levels: sim.world.vip.map((v) => localize(v, language)),
      };
    },

    getReferral: ({ sim, me, request }) => {
      const account = me();
      const link = `${request.protocol}://${request.host}/register?referralCode=${account.referralCode}`;
      // The brand's REFERRAL promotion says what a depositing friend earns (its prize).
      const commission = sim.world.promotions.find((p) => p.category === 'REFERRAL' && p.enabled)?.prize ?? 0;
      const invitees = [...sim.accounts.values()]
        .filter((a) => a.parentAccount === account.account || a.referredBy === account.account)
        .map((a) => ({ account: a.account, registeredAt: a.createdAt, deposited: sim.ledger.transactions(a.account).some((t) => t.kind === 'deposit') }));
      return {
        referralCode: account.referralCode,
        link,
        qrCodeUrl: `/assets/qr?text=${encodeURIComponent(link)}`,
        invitees,
        reward: roundMoney(invitees.filter((i) => i.deposited).length * commission),
        commission,
      };
    },
  });
}
