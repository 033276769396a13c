/**
 * Every image the portal shows, generated locally as SVG so the simulator needs no network: every
 * asset it serves is served from here, never fetched.
 *
 * Names and titles drawn into the images come from the fixture world (vendors, games, banners,
 * promotions); an id that is not in the world still gets a generic image, never an error, because
 * the portal's image fallback (retry 3 times, then the error image) should only
 * trigger on real failures. Ids with characters outside [A-Za-z0-9_-] are refused with the
 * gateway's 400 envelope. All text is XML-escaped before it goes into markup.
 *
 * Routes carry no TypeBox schema on purpose: they are not part of the gateway contract (the
 * OpenAPI document describes `/wps` and `/lgw`), and their 400 body must not depend on the host
 * app's validation error handler.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../openapi/common';
import { QR_GENERATOR_MARGIN, QR_GENERATOR_SIZE } from '../openapi/constants';
import {
  avatarSvg,
  bannerSvg,
  errorImageSvg,
  flagSvg,
  gameTileSvg,
  logoSvg,
  paymentSvg,
  promoSvg,
  qrSvg,
  rewardSvg,
  vendorLogoSvg,
} from './assets/draw';
import { loadFixtureSource, type AssetSource } from './assets/source';
import { ApiError } from './errors';
import { contentLanguage, localize } from './sim/localize';
import { FIXTURES_DIR } from './sim/world';

export type { AssetSource };
export { xmlEscape } from './assets/draw';

export interface AssetRoutesOptions {
  /** Live data; called on every request. Defaults to the JSON files in `fixturesDir`. */
  /** The world a request's images follow (its scenario's brand name, its vendors); fixtures otherwise. */
  source?: (request: FastifyRequest) => AssetSource;
  /** Where the fixture JSON files live (default: the repository's `fixtures/`). */
  fixturesDir?: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const MAX_QR_TEXT = 1024;

function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return (
    reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own is a document: forbid scripts even though none are emitted.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg)
  );
}

/** The request_param_err envelope, as every other refusal of the app. */
function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send(new ApiError(400, ErrorCode.requestParam, message).toEnvelope());
}

/** `PG.svg` -> `PG`; anything else -> undefined. */
function idOf(file: string): string | undefined {
  const m = /^(.*)\.svg$/.exec(file);
  const id = m?.[1];
  return id !== undefined && ID.test(id) ? id : undefined;
}

function intParam(value: unknown, fallback: number, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * Serves `/assets/...` images: vendor logos (`?mono=1` greyscale), game tiles, banners, promotion
 * cards, the brand logo, avatars, flag badges, payment logos, QR codes (`/assets/qr?text=`) and
 * the error image. Every reply is `image/svg+xml`, cacheable for a day.
 */
export const assetRoutes: FastifyPluginAsync<AssetRoutesOptions> = async (app, opts) => {
  const fixtures = opts.source
    ? undefined
    : loadFixtureSource(opts.fixturesDir ?? FIXTURES_DIR);
  // The request being drawn for: drawing is synchronous, so the draw functions below can ask for
  // its world without every one of them taking the request.
  let drawing: FastifyRequest | undefined;
  const world = (request: FastifyRequest | undefined = drawing): AssetSource => {
    if (opts.source && request) return opts.source(request);
    if (!fixtures) throw new Error('unreachable: no asset source');
    return fixtures;
  };

  // Each route: validate the id, then draw. Unknown ids fall through to a generic image.
  const route = (
    path: string,
    kind: string,
    draw: (id: string, query: Record<string, unknown>) => string,
  ) => {
    app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
      path,
      async (req, reply) => {
        const id = idOf(req.params.file);
        if (id === undefined) {
          return badRequest(
            reply,
            `Invalid ${kind} id: use letters, digits, _ or - followed by .svg`,
          );
        }
        drawing = req;
        try {
          return sendSvg(reply, draw(id, req.query ?? {}));
        } finally {
          drawing = undefined;
        }
      },
    );
  };

  route('/assets/vendor/:file', 'vendor', (id, query) => {
    const vendor = world().vendors.find((v) => v.vendor.toUpperCase() === id.toUpperCase());
    const mono = query.mono === '1' || query.mono === 'true';
    return vendorLogoSvg(vendor?.vendor ?? id, vendor?.vendorName ?? id.toUpperCase(), mono);
  });
  route('/assets/game/:file', 'game', (id) =>
    gameTileSvg(
      world().games.find((g) => String(g.gameId) === id),
      id,
    ),
  );
  // `?lang=ur` draws the artwork in that language (the banner list names it, so no English is baked into another language's artwork).
  const langOf = (query: Record<string, unknown>) => contentLanguage(typeof query.lang === 'string' ? query.lang : undefined);
  route('/assets/banner/:file', 'banner', (id, query) => {
    const w = world();
    const banner = w.banners.find((b) => String(b.bannerId) === id);
    const lang = langOf(query);
    return bannerSvg(banner && localize(banner, lang), w.brandName, id, lang);
  });
  route('/assets/promo/:file', 'promotion', (id, query) => {
    const w = world();
    const promo = w.promotions.find((p) => String(p.id) === id);
    const lang = langOf(query);
    return promoSvg(promo && localize(promo, lang), w.brandName, id, lang);
  });
  route('/assets/avatar/:file', 'avatar', (id) => avatarSvg(id));
  route('/assets/reward/:file', 'reward', (id) => rewardSvg(id));
  route('/assets/flag/:file', 'country', (id) =>
    flagSvg(
      id,
      world().countries.find((c) => c.countryCode.toUpperCase() === id.toUpperCase())?.name,
    ),
  );
  route('/assets/payment/:file', 'payment', (id) => paymentSvg(id));

  app.get('/assets/logo.svg', async (req, reply) => sendSvg(reply, logoSvg(world(req).brandName)));
  app.get('/assets/error-image.svg', async (_req, reply) => sendSvg(reply, errorImageSvg()));

  app.get<{ Querystring: { text?: unknown; size?: unknown; margin?: unknown } }>(
    '/assets/qr',
    async (req, reply) => {
      const { text } = req.query;
      if (typeof text !== 'string' || text.length === 0 || text.length > MAX_QR_TEXT) {
        return badRequest(
          reply,
          `Query parameter text is required (1 to ${MAX_QR_TEXT} characters)`,
        );
      }
      const size = intParam(req.query.size, QR_GENERATOR_SIZE, 64, 1024);
      const margin =
        size === undefined
          ? undefined
          : intParam(req.query.margin, Math.round((size * QR_GENERATOR_MARGIN) / QR_GENERATOR_SIZE), 0, Math.floor(size / 4));
      if (size === undefined || margin === undefined) {
        return badRequest(
          reply,
          'size must be an integer 64..1024 and margin an integer 0..size/4',
        );
      }
      try {
        return sendSvg(reply, await qrSvg(text, size, margin));
      } catch {
        return badRequest(reply, 'The text does not fit in a QR code');
      }
    },
  );
};

export default assetRoutes;
