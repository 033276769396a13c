/** System routes: status, permission bootstrap, flags, settings, content, support. */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { UPLOAD_MAX_IMAGE_BYTES } from '../../openapi/constants';
import { AnnouncementSchema, BannerSchema, systemOps } from '../../openapi/system';
import { encodeServicePath } from '../../openapi/wire-crypto';
import { registerArea } from '../contract';
import { refused } from '../errors';
import { localize, withLang } from '../sim/localize';
import type { Sim } from '../sim/state';
import { maintenanceWindow } from '../sim/maintenance';

type Announcement = Static<typeof AnnouncementSchema>;
type Banner = Static<typeof BannerSchema>;

const announcements = (sim: Sim, language: string): Announcement[] =>
  sim.world.announcements.map((a) => localize(a, language));
/**
 * Banners in the player's language: the texts, and the artwork drawn with them (its `lang` query),
 * so no English headline or button stays baked into another language's banner.
 */
const banners = (sim: Sim, language: string): Banner[] =>
  sim.world.banners.map((b) => {
    const banner = localize(b, language);
    return { ...banner, url: withLang(b.url, language) };
  });

function registerSettings(sim: Sim) {
  const rules = sim.world.registerRules;
  return {
    rules,
    captchaEnabled: sim.world.brand.registerCaptcha ?? rules.some((r) => r.key === 'captcha' && r.enabled),
    smsVerification: sim.flag('REGMOBVERF3'),
    firebaseSms: false,
    defaultCountryDialingCode: sim.world.countries[0]?.countryDialingCode ?? '+92',
  };
}

/** The customer-service link as the gateway hides it: DES text with the key as its last 8 chars. */
function customerServicePath(sim: Sim): string {
  const key = 'Cs' + String(sim.world.brand.merchantId).padStart(6, '0').slice(-6);
  return encodeServicePath(sim.world.brand.customerService.liveChatUrl, key);
}

/** System routes plugin. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, systemOps, {
    getSystemStatus: ({ sim }) => {
      const { brand } = sim.world;
      return {
        status: sim.systemStatus,
        ip: brand.location.ip,
        country: brand.location.country,
        ...(sim.systemStatus === 1 ? { maintenance: maintenanceWindow(sim) } : {}),
        ...(sim.systemStatus !== 0
          ? { customerService: { csType: brand.customerService.csType, path: customerServicePath(sim) } }
          : {}),
      };
    },

    getPermission: ({ sim }) => {
      const { brand } = sim.world;
      const { system } = sim.world;
      return {
        merchantCode: brand.merchantCode,
        merchantId: brand.merchantId,
        brandName: brand.brandName,
        theme: brand.theme,
        currencySymbol: brand.currencySymbol,
        currency: brand.currency,
        languages: brand.languages,
        defaultLanguage: brand.defaultLanguage,
        loginBeforeHome: brand.loginBeforeHome,
        whitelabel: sim.world.whitelabel,
        registerRules: sim.world.registerRules,
        resources: system.resources ?? [],
        customerService: { csType: brand.customerService.csType, path: customerServicePath(sim) },
        gtagId: brand.gtagId,
        imageCDNs: brand.imageCDNs,
        launchGameCDNs: brand.launchGameCDNs,
        location: brand.location,
        maintenance: sim.systemStatus === 1,
        regionRestriction: sim.systemStatus === 2,
        social: brand.social,
        footer: brand.footer,
        prizeModes: brand.prizeModes,
        esportsVendors: brand.esportsVendors,
      };
    },

    getWhitelabel: ({ sim }) => sim.world.whitelabel,

    getRegisterSettings: ({ sim }) => registerSettings(sim),

    getMenuSettings: ({ sim }) => {
      const { topBar, sideBar, categoryOrder } = sim.world.system.menuSettings;
      return { topBar, sideBar, categoryOrder: [...categoryOrder] };
    },

    getCountryCodes: ({ sim }) => sim.world.countries,

    getDomainRoutes: ({ sim }) =>
      sim.world.system.domainRoutes.map((d) => ({
        domain: d.domain,
        speed: Math.round(d.speed),
      })),

    getHelpCenter: ({ sim, language }) => {
      const help = localize(sim.world.help, language);
      return {
        categories: help.categories.map((c) => ({ ...localize(c, language), items: c.items.map((i) => localize(i, language)) })),
        protocol: help.protocol,
      };
    },

    getCustomerService: ({ sim }) => {
      const { brand } = sim.world;
      return {
        version: {
          pathList: [
            { type: 1, path: brand.customerService.liveChatUrl },
            { type: 3, path: customerServicePath(sim) },
          ],
        },
      };
    },

    getBanners: ({ sim, query, language }) => banners(sim, language).filter((b) => b.groupName === query.groupName),

    getAnnouncements: ({ sim, query, language }) => {
      const types = new Set(query.types.split(',').map((t) => t.trim()).filter(Boolean));
      const rows = announcements(sim, language)
        .filter((a) => types.has(a.type))
        .sort((a, b) => b.timestamp - a.timestamp);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 9;
      return {
        list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNo,
        pageSize,
        totalPages: Math.ceil(rows.length / pageSize),
        totalCount: rows.length,
      };
    },

    getNotices: ({ sim, language }) => {
      const all = announcements(sim, language);
      return {
        player: all.filter((a) => a.type === 'PL'),
        banners: banners(sim, language).filter((b) => b.groupName === 'w_hot'),
        popup: all.filter((a) => a.type === 'PU'),
        promotion: all.filter((a) => a.type === 'PR'),
      };
    },

    getWinnerBoard: ({ sim }) =>
      sim.world.system.winners,

    submitFeedback: ({ sim, body, me }) => {
      me();
      for (const image of body.images ?? []) {
        if (!/^data:image\/(png|jpeg|jpg);base64,/.test(image)) {
          throw refused('request_param_err', 'Images must be png or jpg', { fields: [{ field: 'body/images', message: 'png or jpg only' }] });
        }
        if ((image.length * 3) / 4 > UPLOAD_MAX_IMAGE_BYTES) {
          throw refused('request_param_err', 'Each image must be 5MB at most', { fields: [{ field: 'body/images', message: 'max 5MB' }] });
        }
      }
      return { id: Math.floor(sim.now() / 1000) };
    },
  });
}
