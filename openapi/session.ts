/** Session area: RSA key, login (username or SMS), free play, logout. */
import { Type, type Static } from '@sinclair/typebox';
import { MOBILE_NUMBER_PATTERN } from './constants';
import { op } from './define';

export const LoginRequestSchema = Type.Object(
  {
    // Optional with its default: the server has always taken a body without it as
    // a username login, and a required property with a default would say otherwise.
    type: Type.Optional(
      Type.Union([Type.Literal('username'), Type.Literal('sms')], {
        description: 'Login mode; sms only with MOBILEVERCODELOGIN3. Without it: username.',
        default: 'username',
      }),
    ),
    username: Type.Optional(Type.String({ maxLength: 64, description: 'Username (type username).' })),
    password: Type.Optional(Type.String({ maxLength: 128, description: 'Password (type username).' })),
    mobileNum: Type.Optional(Type.String({ maxLength: 32, description: 'Mobile number (type sms).' })),
    countryDialingCode: Type.Optional(Type.String({ maxLength: 8, examples: ['+92'] })),
    verificationCode: Type.Optional(Type.String({ maxLength: 255, description: 'SMS code (type sms).' })),
    captcha: Type.Optional(Type.String({ maxLength: 16, description: 'Captcha answer, once a failure asked for it.' })),
  },
  {
    title: 'LoginRequest',
    description: 'Plaintext of the encrypted login body.',
    examples: [{ type: 'username', username: 'player01', password: 'Passw0rd!' }],
    // An SMS login's mobile number is checked as the SMS calls check it; a username login ignores it.
    if: { properties: { type: { const: 'sms' } }, required: ['type'] },
    then: { properties: { mobileNum: { type: 'string', pattern: MOBILE_NUMBER_PATTERN } } },
  },
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

export const LoginResultSchema = Type.Object(
  {
    token: Type.String({ description: 'Raw token for the Authorization header.' }),
    firstTimeLogin: Type.Boolean(),
    passwordExpired: Type.Boolean(),
    isAgent: Type.Integer({ description: 'Account type: 0 player, 1/2/41/42 agent, 4 guest.' }),
    username: Type.String(),
  },
  { title: 'LoginResult' },
);

export const sessionOps = {
  getRsaKey: op({
    operationId: 'getRsaKey',
    method: 'GET',
    path: '/wps/session/key/rsa',
    area: 'session',
    summary: 'RSA public modulus for encrypted calls',
    description: 'value is the modulus as a hex string; the exponent is 0x10001.',
    moduleId: 'RSAKEY3',
    access: 'public',
    value: Type.String({ pattern: '^[0-9a-f]+$', description: 'Modulus, lowercase hex.' }),
  }),
  login: op({
    operationId: 'login',
    method: 'POST',
    path: '/wps/session/login',
    area: 'session',
    summary: 'Log in by username and password, or by mobile number and SMS code',
    description:
      'Failures after the first carry value.captcha true; later attempts must then send a captcha answer.',
    moduleId: 'LOGIN3',
    access: 'public',
    encrypted: true,
    body: LoginRequestSchema,
    value: LoginResultSchema,
  }),
  freePlayLogin: op({
    operationId: 'freePlayLogin',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    area: 'session',
    summary: 'Free demo: creates a guest/trial account (isAgent 4) when FREEPLAY3 is on',
    moduleId: 'FREEPLAY3',
    access: 'public',
    headers: Type.Object(
      { 'x-gateway-version': Type.Literal('3', { description: 'Gateway version; always 3.' }) },
      { additionalProperties: true },
    ),
    body: Type.Object(
      {
        os: Type.String({ maxLength: 32, examples: ['Linux'] }),
        platform: Type.Literal('W'),
        value: Type.String({
          minLength: 8,
          maxLength: 512,
          description: 'An encrypted random string (device fingerprint).',
        }),
      },
      { examples: [{ os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' }] },
    ),
    value: LoginResultSchema,
  }),
  logout: op({
    operationId: 'logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    area: 'session',
    summary: 'End the session; the token is refused afterwards',
    moduleId: 'LOGOUT3',
    access: 'token',
    value: Type.Boolean(),
  }),
} as const;
