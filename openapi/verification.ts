/** Verification area: SMS codes and the captcha. */
import { Type } from '@sinclair/typebox';
import { MOBILE_NUMBER_PATTERN } from './constants';
import { op } from './define';

const Mobile = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: MOBILE_NUMBER_PATTERN,
  description: 'Mobile number without the dialing code: 7 to 15 digits, blanks and dashes between allowed.',
});
const Dialing = Type.String({ minLength: 1, maxLength: 8, pattern: '^\\+?[0-9]{1,6}$', examples: ['+92'] });

/** The phone-verification error codes, as errorCode values. */
export const PhoneErrorCodes = [
  'invalid-phone-number',
  'missing-phone-number',
  'too-many-requests',
  'unknown',
  'invalid-verification-code',
  'missing-verification-code',
  'captcha-check-failed',
  'quota-exceeded',
  'operation-not-allowed',
  'code-expired',
  'popup-closed-by-user',
] as const;

const SmsSent = Type.Object(
  { expiredMinutes: Type.Integer({ minimum: 1, description: 'Code lifetime; the button counts 60 s per minute.' }) },
  { title: 'SmsSent' },
);

export const verificationOps = {
  getCaptcha: op({
    operationId: 'getCaptcha',
    method: 'GET',
    path: '/wps/captcha',
    area: 'verification',
    summary: 'A new captcha image',
    description:
      'value is the image as a data URL (base64 SVG). The answer is bound to the captcha cookie set by this reply.',
    moduleId: 'CAPTCHA3',
    access: 'public',
    value: Type.String({ description: 'data:image/svg+xml;base64,…' }),
  }),
  sendRegisterSms: op({
    operationId: 'sendRegisterSms',
    method: 'POST',
    path: '/wps/verification/sms/register',
    area: 'verification',
    summary: 'SMS code for registration',
    description: 'Sent with ModuleId USERNAMEREG3 from the username form and MOBILENUMREG3 from the mobile form.',
    moduleId: 'USERNAMEREG3',
    altModuleIds: ['MOBILENUMREG3'],
    access: 'public',
    body: Type.Object(
      {
        countryDialingCode: Dialing,
        mobileNo: Mobile,
        captcha: Type.Optional(Type.String({ maxLength: 16 })),
      },
      { examples: [{ countryDialingCode: '+92', mobileNo: '03111234567' }] },
    ),
    value: SmsSent,
  }),
  sendLoginSms: op({
    operationId: 'sendLoginSms',
    method: 'POST',
    path: '/wps/verification/sms/login',
    area: 'verification',
    summary: 'SMS code for login by mobile (MOBILEVERCODELOGIN3)',
    moduleId: 'MOBILEVERCODELOGIN3',
    access: 'public',
    inferred: true,
    body: Type.Object(
      { mobileNum: Mobile, countryDialingCode: Dialing, captcha: Type.Optional(Type.String({ maxLength: 16 })) },
      { examples: [{ mobileNum: '03001234567', countryDialingCode: '+92' }] },
    ),
    value: SmsSent,
  }),
  sendForgotSms: op({
    operationId: 'sendForgotSms',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    area: 'verification',
    summary: 'SMS code without login (forgot password by mobile, CHNGPASSVERIF3)',
    moduleId: 'CHNGPASSVERIF3',
    access: 'public',
    body: Type.Object(
      { countryDialingCode: Dialing, mobileNum: Mobile },
      { examples: [{ countryDialingCode: '+92', mobileNum: '03001234567' }] },
    ),
    value: Type.Object(
      { expirationTime: Type.Integer({ description: 'Epoch ms when the code expires; drives the countdown.' }) },
      { title: 'ForgotSmsSent' },
    ),
  }),
} as const;
