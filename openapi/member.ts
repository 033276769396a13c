/** Member area: info, registration, passwords, avatar, funds, VIP ladder, referral, affiliate check. */
import { Type, type Static } from '@sinclair/typebox';
import { op } from './define';
import { Money, Timestamp } from './common';
import { MOBILE_NUMBER_PATTERN } from './constants';

const Str = (max: number, description?: string) =>
  Type.Optional(Type.String({ maxLength: max, ...(description ? { description } : {}) }));

export const ClubLabelSchema = Type.Object(
  { labelName: Type.String(), color: Type.String(), color2: Type.String(), rankLevel: Type.Integer() },
  { title: 'ClubLabel' },
);

export const MemberSchema = Type.Object(
  {
    id: Type.Integer(),
    account: Type.String(),
    nickname: Type.String(),
    type: Type.Integer({ description: 'Agent flag as the gateway sends it.' }),
    isAgent: Type.Integer({ description: '0 player, 1/2/41/42 agent, 4 guest/trial.' }),
    toUpline: Type.Boolean({ description: 'May transfer to the upline.' }),
    customerId: Type.String(),
    clubLabel: ClubLabelSchema,
    memberLabel: Type.Object({ text: Type.String(), textColor: Type.String(), backgroundColor: Type.String() }),
    mobileNum: Type.String(),
    countryDialingCode: Type.String(),
    email: Type.String(),
    hasPaymentPassword: Type.Boolean(),
    affiliateCode: Type.String(),
    createdAt: Timestamp(),
  },
  { title: 'Member' },
);
export type Member = Static<typeof MemberSchema>;

/** Fields of the "Registration user" entity plus the payload additions. */
const registrationFields = {
  password: Str(128),
  confirmPassword: Str(128),
  payeeName: Str(64),
  email: Str(128),
  qqNum: Str(32),
  // No pattern here: the brand's register rules (registerRules, rule 18) decide what a registration
  // takes, and the server answers their request_param_err with every failing field at once.
  mobileNum: Str(32, "Mobile number without the dialing code, as the brand's register rules allow."),
  recommenderId: Str(64),
  captcha: Str(16),
  verificationCode: Str(255),
  affiliateCode: Str(64),
  paymentPassword: Str(64),
  line: Str(64),
  whatsapp: Str(64),
  zalo: Str(64),
  facebook: Str(128),
  wechat: Str(64),
  idNumber: Str(64),
  referralCode: Str(64),
  domain: Str(255),
  registerUrl: Str(1024),
  registerMethod: Type.Literal('WEB'),
  login: Type.Boolean({ description: 'true logs the new player in: the reply carries a token.' }),
  countryDialingCode: Str(8),
  firebaseChannel: Type.Optional(Type.Literal('sms')),
  firebaseIdToken: Str(4096),
};

export const RegisterRequestSchema = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }), ...registrationFields },
  {
    title: 'RegisterRequest',
    description: 'Plaintext of the encrypted registration body; fields are checked against the register rules.',
    examples: [
      {
        username: 'newplayer1',
        password: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        registerMethod: 'WEB',
        login: true,
        registerUrl: 'http://localhost:8080/register',
      },
    ],
  },
);
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

export const RegisterMobileRequestSchema = Type.Object(
  { ...registrationFields, mobileNum: Type.String({ minLength: 1, maxLength: 32, pattern: MOBILE_NUMBER_PATTERN }) },
  {
    title: 'RegisterMobileRequest',
    description: 'Plaintext of the encrypted mobile registration; the account equals the mobile number.',
    examples: [
      {
        mobileNum: '03111234567',
        countryDialingCode: '+92',
        password: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        verificationCode: '000000',
        registerMethod: 'WEB',
        login: true,
      },
    ],
  },
);

const RegisterResultSchema = Type.Object(
  {
    account: Type.String({ description: 'The new account (the mobile number for mobile registration).' }),
    token: Type.Optional(Type.String({ description: 'Present when login was true.' })),
    generatedPassword: Type.Optional(Type.String({ description: 'Mobile registration without a password.' })),
  },
  { title: 'RegisterResult' },
);

export const ChangePasswordRequestSchema = Type.Object(
  {
    oldPassword: Type.String({ maxLength: 128 }),
    newPassword: Type.String({ minLength: 1, maxLength: 128 }),
    confirmNewPassword: Type.String({ minLength: 1, maxLength: 128 }),
  },
  {
    title: 'ChangePasswordRequest',
    examples: [{ oldPassword: 'Passw0rd!', newPassword: 'Newpass1!', confirmNewPassword: 'Newpass1!' }],
  },
);

export const SetPasswordByPhoneRequestSchema = Type.Object(
  {
    newPassword: Type.String({ minLength: 1, maxLength: 128 }),
    mobileNum: Type.String({ minLength: 1, maxLength: 32, pattern: MOBILE_NUMBER_PATTERN }),
    countryDialingCode: Str(8),
    verificationCode: Type.String({ minLength: 1, maxLength: 255 }),
  },
  {
    title: 'SetPasswordByPhoneRequest',
    examples: [{ newPassword: 'Newpass1!', mobileNum: '03001234567', countryDialingCode: '+92', verificationCode: '000000' }],
  },
);

export const memberOps = {
  getMemberInfo: op({
    operationId: 'getMemberInfo',
    method: 'GET',
    path: '/wps/member/info',
    area: 'member',
    summary: 'The logged-in account',
    moduleId: 'MEMBERINFO3',
    access: 'token',
    value: MemberSchema,
  }),
  register: op({
    operationId: 'register',
    method: 'PUT',
    path: '/wps/member/register',
    area: 'member',
    summary: 'Register by username',
    moduleId: 'USERNAMEREG3',
    access: 'public',
    encrypted: true,
    body: RegisterRequestSchema,
    value: RegisterResultSchema,
  }),
  registerMobile: op({
    operationId: 'registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    area: 'member',
    summary: 'Register by mobile number (MOBILENUMREG3); password optional (MOBILENUMPASSREG3)',
    moduleId: 'MOBILENUMREG3',
    access: 'public',
    encrypted: true,
    body: RegisterMobileRequestSchema,
    value: RegisterResultSchema,
  }),
  changePassword: op({
    operationId: 'changePassword',
    method: 'POST',
    path: '/wps/member/password',
    area: 'member',
    summary: 'Change password (old password checked)',
    moduleId: 'CHANGEPWD3',
    access: 'token',
    encrypted: true,
    body: ChangePasswordRequestSchema,
    value: Type.Boolean(),
  }),
  forgotPasswordByEmail: op({
    operationId: 'forgotPasswordByEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    area: 'member',
    summary: 'Forgot password: mail a reset link (form-encoded body)',
    moduleId: 'FORGOTPWD3',
    access: 'public',
    formEncoded: true,
    body: Type.Object(
      {
        username: Type.String({ minLength: 1, maxLength: 64 }),
        email: Type.String({ minLength: 3, maxLength: 128, format: 'email' }),
      },
      { examples: [{ username: 'player01', email: 'player01@example.com' }] },
    ),
    value: Type.Boolean(),
  }),
  setPasswordByPhone: op({
    operationId: 'setPasswordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    area: 'member',
    summary: 'Set a new password with an SMS code; answers a session token (auto login)',
    moduleId: 'CHNGPASSVERIF3',
    access: 'public',
    encrypted: true,
    body: SetPasswordByPhoneRequestSchema,
    value: Type.Object({ token: Type.String(), account: Type.String() }),
  }),
  getPlayerAvatar: op({
    operationId: 'getPlayerAvatar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    area: 'member',
    summary: 'Avatar image of the player',
    moduleId: 'MCSFE3',
    access: 'token',
    value: Type.Object({ avatarUrl: Type.String() }),
  }),
  getProfileIcon: op({
    operationId: 'getProfileIcon',
    method: 'GET',
    path: '/wps/member/info/icon',
    area: 'member',
    summary: 'Profile icon choices and the current one',
    moduleId: 'MEMBERINFO3',
    access: 'token',
    value: Type.Object({ current: Type.Integer(), icons: Type.Array(Type.String()) }),
  }),
  getConsolidatedFunds: op({
    operationId: 'getConsolidatedFunds',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    area: 'member',
    summary: 'Consolidated funds: balance, points, pending withdrawals and locked bonus',
    moduleId: 'FUNDS3',
    access: 'member',
    value: Type.Object({
      balance: Money(),
      points: Type.Integer(),
      pendingWithdrawal: Money(),
      lockedBonus: Money(),
    }),
  }),
  checkAffiliate: op({
    operationId: 'checkAffiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    area: 'member',
    summary: 'Check an affiliate code, or find the code of a domain',
    description: 'An unknown code answers errorCode invitation_code_error.',
    moduleId: 'AFFILIATE3',
    access: 'public',
    query: Type.Object(
      {
        affiliateCode: Type.Optional(Type.String({ maxLength: 64 })),
        domain: Type.Optional(Type.String({ maxLength: 255 })),
      },
      { examples: [{ affiliateCode: 'AG1001' }] },
    ),
    value: Type.Object({ affiliateCode: Type.String(), domain: Type.String(), agentAccount: Type.String() }),
  }),
  getVipLevels: op({
    operationId: 'getVipLevels',
    method: 'GET',
    path: '/wps/relay/MCSFE_vipLevels',
    area: 'member',
    summary: 'The VIP ladder and the player rank',
    moduleId: 'VIPLEVEL3',
    access: 'token',
    inferred: true,
    value: Type.Object({
      current: Type.Integer(),
      progress: Type.Object({ deposit: Money(), bet: Money() }),
      levels: Type.Array(
        Type.Object({
          rankLevel: Type.Integer(),
          labelName: Type.String(),
          color: Type.String(),
          color2: Type.String(),
          minDeposit: Money(),
          minBet: Money(),
          birthdayBonus: Money(),
          monthlyBonus: Money(),
          rebateRate: Type.Number(),
        }),
      ),
    }),
  }),
  getReferral: op({
    operationId: 'getReferral',
    method: 'GET',
    path: '/wps/member/referral',
    area: 'member',
    summary: 'Invite friends: referral code, link and invitees',
    moduleId: 'INVITE3',
    access: 'member',
    inferred: true,
    value: Type.Object({
      referralCode: Type.String(),
      link: Type.String(),
      qrCodeUrl: Type.String(),
      invitees: Type.Array(Type.Object({ account: Type.String(), registeredAt: Timestamp(), deposited: Type.Boolean() })),
      reward: Money('What the player has earned so far: the commission for each invitee who deposited.'),
      commission: Money('What the player earns for each invited friend who deposits (the REFERRAL promotion\'s prize).'),
    }),
  }),
} as const;
