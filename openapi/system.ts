/**
 * System area: status, permission (the bootstrap call), whitelabel module tree, register settings,
 * banners, announcements, notices, help, countries, domains, customer service, feedback, winners.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FieldRuleSchema } from './field-rule-schema';
import { ANNOUNCEMENT_PAGE_SIZE, FEEDBACK_IMAGE_MAX_LENGTH, FEEDBACK_IMAGE_PATTERN, UPLOAD_MAX_IMAGES } from './constants';
import { op } from './define';
import { MAX_PAGE_NO, Timestamp } from './common';

export interface ModuleNode {
  modId: string;
  name: string;
  enabled: boolean;
  childrenNodes: ModuleNode[];
}

/** One node of the whitelabel module tree; flags such as DIRECTREG3 are nodes. */
export const ModuleNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      modId: Type.String({ examples: ['DIRECTREG3'] }),
      name: Type.String(),
      enabled: Type.Boolean(),
      childrenNodes: Type.Array(Self),
    }),
  { title: 'ModuleNode' },
);

export const SystemStatusSchema = Type.Object(
  {
    status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
      description: '0 normal, 1 maintenance, 2 region restricted (checked only when maintenance is off).',
    }),
    ip: Type.String({ description: 'Visitor IP as the gateway sees it.' }),
    country: Type.String({ description: 'Visitor country.' }),
    maintenance: Type.Optional(
      Type.Object({ startTime: Timestamp(), endTime: Timestamp(), message: Type.String() }),
    ),
    customerService: Type.Optional(
      Type.Object(
        { csType: Type.Integer(), path: Type.String() },
        {
          description:
            'While status is 1 or 2 every other call is refused, so the Contact Us link of the maintenance and restriction pages travels here.',
        },
      ),
    ),
  },
  { title: 'SystemStatus' },
);

export const ResourceSchema = Type.Object(
  {
    resourceType: Type.String({ examples: ['Android', 'MOBILECONFIG', 'AFFILIATELINK', 'USDJUMP', 'FACEBOOK'] }),
    url: Type.String(),
    qrCodeUrl: Type.String(),
    labelNameEn: Type.String(),
  },
  { title: 'Resource' },
);

export const FooterSchema = Type.Object({
  infoGroups: Type.Array(
    Type.Object({
      title: Type.String(),
      links: Type.Array(Type.Object({ label: Type.String(), href: Type.String() })),
    }),
  ),
  paymentLogos: Type.Array(Type.String()),
  licence: Type.String(),
  company: Type.String(),
  copyright: Type.String(),
});

export const PermissionSchema = Type.Object(
  {
    merchantCode: Type.String(),
    merchantId: Type.Integer(),
    brandName: Type.String(),
    theme: Type.Union([Type.Literal('light'), Type.Literal('dark')]),
    currencySymbol: Type.String({ default: '$' }),
    currency: Type.String(),
    languages: Type.Array(Type.String(), { description: 'Supported language codes; the menu shows only when more than one.' }),
    defaultLanguage: Type.String(),
    loginBeforeHome: Type.Boolean({ description: 'Brand setting: log in before the home page.' }),
    whitelabel: Type.Array(ModuleNodeSchema),
    registerRules: Type.Array(FieldRuleSchema),
    resources: Type.Array(ResourceSchema),
    customerService: Type.Object({ csType: Type.Integer(), path: Type.String() }),
    gtagId: Type.String({ description: 'Analytics id loaded after bootstrap.' }),
    imageCDNs: Type.Array(Type.String()),
    launchGameCDNs: Type.Array(Type.String()),
    location: Type.Object({ ip: Type.String(), country: Type.String() }),
    maintenance: Type.Boolean(),
    regionRestriction: Type.Boolean(),
    social: Type.Object({
      facebook: Type.Optional(Type.String()),
      instagram: Type.Optional(Type.String()),
      telegram: Type.Optional(Type.String()),
    }),
    footer: FooterSchema,
    prizeModes: Type.Array(Type.String()),
    esportsVendors: Type.Array(Type.String()),
  },
  { title: 'Permission', description: 'The bootstrap call: brand, flags, rules, resources and location.' },
);
export type Permission = Static<typeof PermissionSchema>;

export const RegisterSettingsSchema = Type.Object(
  {
    rules: Type.Array(FieldRuleSchema),
    captchaEnabled: Type.Boolean({ description: 'Registration shows a captcha.' }),
    smsVerification: Type.Boolean({ description: 'Registration requires an SMS code (REGMOBVERF3).' }),
    firebaseSms: Type.Boolean(),
    defaultCountryDialingCode: Type.String(),
  },
  { title: 'RegisterSettings' },
);

export const BannerSchema = Type.Object(
  {
    bannerId: Type.Integer(),
    url: Type.String(),
    groupName: Type.String({ examples: ['w_hot'] }),
    linkageType: Type.String(),
    linkage: Type.String(),
    title: Type.String(),
  },
  { title: 'Banner' },
);

export const AnnouncementSchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String({ examples: ['B'] }),
    title: Type.String(),
    content: Type.String({ description: 'HTML; the client sanitises it.' }),
    timestamp: Timestamp(),
  },
  { title: 'Announcement' },
);

const GroupQuery = Type.Object(
  { groupName: Type.String({ minLength: 1, maxLength: 32, examples: ['w_hot'] }) },
  { examples: [{ groupName: 'w_hot' }] },
);

export const systemOps = {
  getSystemStatus: op({
    operationId: 'getSystemStatus',
    method: 'GET',
    path: '/wps/system/status',
    area: 'system',
    summary: 'System status: normal, maintenance or region restricted',
    moduleId: 'SYSSTATUS3',
    access: 'public',
    value: SystemStatusSchema,
  }),
  getPermission: op({
    operationId: 'getPermission',
    method: 'GET',
    path: '/wps/system/permission',
    area: 'system',
    summary: 'Bootstrap permission info for the current host',
    moduleId: 'PERMISSION3',
    access: 'public',
    inferred: true,
    query: Type.Object(
      { host: Type.String({ minLength: 1, maxLength: 255, description: 'Current host name.' }) },
      { examples: [{ host: 'localhost' }] },
    ),
    value: PermissionSchema,
  }),
  getWhitelabel: op({
    operationId: 'getWhitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    area: 'system',
    summary: 'Whitelabel module tree (menu and feature flags)',
    moduleId: 'WHITELABEL3',
    access: 'public',
    value: Type.Array(ModuleNodeSchema),
  }),
  getRegisterSettings: op({
    operationId: 'getRegisterSettings',
    method: 'GET',
    path: '/wps/system/setting/register',
    area: 'system',
    summary: 'Registration field rules and switches',
    moduleId: 'REGSETTING3',
    access: 'public',
    value: RegisterSettingsSchema,
  }),
  getMenuSettings: op({
    operationId: 'getMenuSettings',
    method: 'GET',
    path: '/wps/system/setting/menu',
    area: 'system',
    summary: 'Menu settings: which top and side entries show, and their order',
    moduleId: 'MENUSETTING3',
    access: 'public',
    inferred: true,
    value: Type.Object({
      topBar: Type.Boolean({ description: 'Top bar shown on /seamless and /vnlottery.' }),
      sideBar: Type.Boolean({ description: 'Side bar shown on /seamless and /vnlottery.' }),
      categoryOrder: Type.Array(Type.String()),
    }),
  }),
  getCountryCodes: op({
    operationId: 'getCountryCodes',
    method: 'GET',
    path: '/wps/system/countryCodes',
    area: 'system',
    summary: 'Country dialing codes for the picker',
    moduleId: 'COUNTRY3',
    access: 'public',
    inferred: true,
    value: Type.Array(
      Type.Object(
        { countryCode: Type.String(), countryDialingCode: Type.String(), name: Type.String() },
        { title: 'Country' },
      ),
    ),
  }),
  getDomainRoutes: op({
    operationId: 'getDomainRoutes',
    method: 'GET',
    path: '/wps/system/domainRoute',
    area: 'system',
    summary: 'Alternative domains with their measured speed (speed test)',
    moduleId: 'DOMAINROUTE3',
    access: 'public',
    value: Type.Array(Type.Object({ domain: Type.String(), speed: Type.Integer({ description: 'ms' }) })),
  }),
  getHelpCenter: op({
    operationId: 'getHelpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    area: 'system',
    summary: 'Help centre categories and articles (HTML)',
    moduleId: 'HELPCENTER3',
    access: 'public',
    value: Type.Object({
      categories: Type.Array(
        Type.Object({
          id: Type.Integer(),
          title: Type.String(),
          items: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String() })),
        }),
      ),
      protocol: Type.String({ description: 'User protocol (HTML) for /help.' }),
    }),
  }),
  getCustomerService: op({
    operationId: 'getCustomerService',
    method: 'GET',
    path: '/wps/system/customerService',
    area: 'system',
    summary: 'Customer-service link: the pathList item of type 3 is DES-encrypted with its last 8 chars as key',
    moduleId: 'CBS3',
    access: 'public',
    inferred: true,
    value: Type.Object({
      version: Type.Object({
        pathList: Type.Array(Type.Object({ type: Type.Integer(), path: Type.String() })),
      }),
    }),
  }),
  getBanners: op({
    operationId: 'getBanners',
    method: 'GET',
    path: '/wps/system/banners',
    area: 'system',
    summary: 'Banners of one route group (w_hot, w_down, w_promotion, w_shop, w_help, w_reg)',
    moduleId: 'BANNER3',
    access: 'public',
    inferred: true,
    query: GroupQuery,
    value: Type.Array(BannerSchema),
  }),
  getAnnouncements: op({
    operationId: 'getAnnouncements',
    method: 'GET',
    path: '/wps/system/announcement',
    area: 'system',
    summary: 'Announcements of the given types (B, PL, PU, PR, H), platform W, execution B',
    moduleId: 'ANNOUNCE3',
    access: 'public',
    inferred: true,
    query: Type.Object(
      {
        types: Type.String({ maxLength: 64, description: 'Comma-separated types.', examples: ['B,PL,PU,PR'] }),
        platform: Type.Optional(Type.Literal('W')),
        execution: Type.Optional(Type.Literal('B')),
        pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: ANNOUNCEMENT_PAGE_SIZE })),
      },
      { examples: [{ types: 'B,PL,PU,PR', platform: 'W', execution: 'B', pageNo: 1, pageSize: 9 }] },
    ),
    value: Type.Object({
      list: Type.Array(AnnouncementSchema),
      pageNo: Type.Integer(),
      pageSize: Type.Integer(),
      totalPages: Type.Integer(),
      totalCount: Type.Integer(),
    }),
  }),
  getNotices: op({
    operationId: 'getNotices',
    method: 'GET',
    path: '/wps/system/notice',
    area: 'system',
    summary: 'Notice data: player notices, banners, popup and promotion notices',
    moduleId: 'NOTICE3',
    access: 'public',
    inferred: true,
    value: Type.Object({
      player: Type.Array(AnnouncementSchema),
      banners: Type.Array(BannerSchema),
      popup: Type.Array(AnnouncementSchema),
      promotion: Type.Array(AnnouncementSchema),
    }),
  }),
  getWinnerBoard: op({
    operationId: 'getWinnerBoard',
    method: 'GET',
    path: '/wps/system/winnerBoard',
    area: 'system',
    summary: 'Recent winners: player, game name and prize',
    moduleId: 'WINNER3',
    access: 'public',
    inferred: true,
    value: Type.Array(Type.Object({ player: Type.String(), gameName: Type.String(), prize: Type.Number() })),
  }),
  submitFeedback: op({
    operationId: 'submitFeedback',
    method: 'PUT',
    path: '/wps/feedback',
    area: 'system',
    summary: 'Send feedback (content length bounded by the server)',
    moduleId: 'FEEDBACK3',
    access: 'member',
    body: Type.Object(
      {
        content: Type.String({ minLength: 10, maxLength: 500 }),
        images: Type.Optional(
          Type.Array(
            Type.String({
              // A png or jpg data URL whose base64 decodes to at most UPLOAD_MAX_IMAGE_BYTES.
              pattern: FEEDBACK_IMAGE_PATTERN,
              maxLength: FEEDBACK_IMAGE_MAX_LENGTH,
              description: 'png or jpg data URL (data:image/png;base64,... or data:image/jpeg;base64,...), 5 MB max.',
            }),
            { maxItems: UPLOAD_MAX_IMAGES },
          ),
        ),
      },
      { examples: [{ content: 'The lobby loads slowly on my phone.' }] },
    ),
    value: Type.Object({ id: Type.Integer() }),
  }),
} as const;
