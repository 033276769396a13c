/** Verification routes: captcha image and the three SMS codes. */
import type { FastifyInstance } from 'fastify';
import { verificationOps } from '../../openapi/verification';
import { registerArea } from '../contract';
import { forbidden, refused } from '../errors';
import { checkMobile } from '../sim/sms';
import type { Sim } from '../sim/state';
import { CAPTCHA_COOKIE } from './session';

/** Verification routes plugin. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const expiredMinutes = (sim: Sim) => (sim.world.brand.thirdPartySms ? 1 : sim.world.brand.smsExpiredMinutes);

  registerArea(app, verificationOps, {
    getCaptcha: ({ sim, reply }) => {
      const { id, image } = sim.captcha.issue();
      reply.setCookie(CAPTCHA_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax' });
      return image;
    },

    sendRegisterSms: ({ sim, body }) => {
      const mobile = checkMobile(body.mobileNo, 'body/mobileNo');
      if (sim.findByMobile(mobile)) throw refused('member.mobile.exists', 'Mobile number already registered');
      sim.sms.send('register', mobile, body.countryDialingCode, expiredMinutes(sim));
      return { expiredMinutes: expiredMinutes(sim) };
    },

    sendLoginSms: ({ sim, body }) => {
      if (!sim.flag('MOBILEVERCODELOGIN3')) throw forbidden('operation-not-allowed', 'SMS login is not enabled');
      const mobile = checkMobile(body.mobileNum);
      if (!sim.findByMobile(mobile)) throw refused('invalid-phone-number', 'No account uses this mobile number');
      sim.sms.send('login', mobile, body.countryDialingCode, expiredMinutes(sim));
      return { expiredMinutes: expiredMinutes(sim) };
    },

    sendForgotSms: ({ sim, body }) => {
      if (!sim.flag('CHNGPASSVERIF3')) throw forbidden('operation-not-allowed', 'Password reset by mobile is not enabled');
      const mobile = checkMobile(body.mobileNum);
      if (!sim.findByMobile(mobile)) throw refused('invalid-phone-number', 'No account uses this mobile number');
      const entry = sim.sms.send('forgot', mobile, body.countryDialingCode, expiredMinutes(sim));
      return { expirationTime: entry.expiresAt };
    },
  });
}
