/** Session routes: RSA key, login by username or SMS, free play, logout. */
import type { FastifyInstance } from 'fastify';
import { sessionOps } from '../../openapi/session';
import { registerArea } from '../contract';
import { ApiError, badRequest, forbidden, refused } from '../errors';
import { loginFailures } from '../sim/login-failures';
import { checkMobile } from '../sim/sms';
import type { Session } from '../sim/sessions';
import type { Account, Sim } from '../sim/state';

const CAPTCHA_COOKIE = 'captchaId';

function loginResult(sim: Sim, account: Account, loginType: 'username' | 'sms' | 'freeplay', made?: Session) {
  const session = made ?? sim.sessions.create(account.account, loginType);
  const firstTimeLogin = account.firstTimeLogin;
  if (firstTimeLogin) sim.editAccount(account).firstTimeLogin = false;
  loginFailures(sim).clear(account.account);
  // Password expiry is only enforced when the forced-change module is on.
  const passwordExpired = (account.passwordExpired || account.defaultPassword) && sim.flag('PWDEXPFORCECHANGE3');
  return { token: session.token, firstTimeLogin, passwordExpired, isAgent: account.isAgent, username: account.account };
}

/** Sessions routes plugin. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, sessionOps, {
    getRsaKey: ({ sim }) => sim.rsa.modulusHex,

    login: ({ sim, body, request }) => {
      if (body.type === 'sms') {
        if (!sim.flag('MOBILEVERCODELOGIN3')) throw forbidden('operation-not-allowed', 'SMS login is not enabled');
        const mobile = checkMobile(body.mobileNum);
        sim.sms.verify('login', mobile, body.verificationCode);
        const account = sim.findByMobile(mobile);
        if (!account) throw refused('login.account.notfound', 'Account/password/email format incorrect');
        return loginResult(sim, account, 'sms');
      }
      if (!body.username) throw badRequest('username is required', 'body/username');
      if (!body.password) throw badRequest('password is required', 'body/password');
      const account = sim.findAccount(body.username);
      // Counted by the submitted name, never by the account, so no reply tells whether it exists.
      const failures = loginFailures(sim);
      if (failures.count(body.username) > 0) {
        const captchaId = request.cookies[CAPTCHA_COOKIE];
        if (!body.captcha) throw refused('captcha-check-failed', 'Captcha required', { captcha: true });
        if (!sim.captcha.check(captchaId, body.captcha)) {
          throw refused('captcha-check-failed', 'Captcha incorrect', { captcha: true });
        }
      }
      if (!account || !sim.checkPassword(account, body.password)) {
        failures.record(body.username);
        // The captcha flag asks the client for a captcha on the next attempt.
        throw refused('login.password.incorrect', 'Account/password/email format incorrect', { captcha: true });
      }
      return loginResult(sim, account, 'username');
    },

    freePlayLogin: ({ sim }) => {
      if (!sim.flag('FREEPLAY3')) throw forbidden('operation-not-allowed', 'Free play is not enabled');
      // A collision-free name and a session that ends with the guest (--guest-ttl, Sim.createGuest).
      const { account, session } = sim.createGuest();
      // A trial account plays with demo credit.
      sim.ledger.post(account.account, 'bonus', 2000, 'Demo credit', sim.now());
      return loginResult(sim, account, 'freeplay', session);
    },

    logout: ({ sim, session }) => {
      if (!session) throw new ApiError(401, 'login.not.session', 'Not logged in, please log in');
      return sim.sessions.revoke(session.token);
    },
  });
}

export { CAPTCHA_COOKIE };
