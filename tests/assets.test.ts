/** The local image server (server/assets.ts): every asset the portal shows, as SVG, offline. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { assetRoutes, type AssetRoutesOptions, type AssetSource } from '../server/assets';

const open: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

async function assetApp(options: AssetRoutesOptions = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(assetRoutes, options);
  await app.ready();
  open.push(app);
  return app;
}

function expectSvg(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): void {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml');
  expect(res.headers['cache-control']).toBe('public, max-age=86400');
  expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(res.body.trimEnd().endsWith('</svg>')).toBe(true);
}

const hostile = '<script>alert(1)</script> & "Friends"';
const hostileSource: AssetSource = {
  brandName: 'Lucky <Lotus>',
  vendors: [{ vendor: 'EVIL', vendorName: hostile, gameCategory: 'RNG', gameClassify: 'SLOT' }],
  games: [
    {
      gameId: 1,
      gameName: hostile,
      vendor: 'EVIL',
      gameType: 'RNG',
      gameClassify: 'SLOT',
      isHot: 1,
      isNew: 1,
    },
  ],
  banners: [
    { bannerId: 1, groupName: 'w_hot', linkageType: 'NONE', title: hostile, subtitle: hostile },
  ],
  promotions: [{ id: 1, category: 'deposit', title: hostile, summary: hostile }],
  countries: [{ countryCode: 'PK', name: hostile }],
};

describe('asset routes', () => {
  it('serves every kind of asset as a cacheable SVG', async () => {
    const app = await assetApp();
    const urls = [
      '/assets/vendor/PG.svg',
      '/assets/vendor/PG.svg?mono=1',
      '/assets/game/1001.svg',
      '/assets/banner/1.svg',
      '/assets/promo/1.svg',
      '/assets/logo.svg',
      '/assets/avatar/3.svg',
      '/assets/flag/PK.svg',
      '/assets/payment/easypaisa.svg',
      '/assets/qr?text=https%3A%2F%2Fluckylotus.example%2Fdown',
      '/assets/error-image.svg',
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expectSvg(res);
    }
  });

  it('draws fixture names into the images', async () => {
    const app = await assetApp();
    expect((await app.inject('/assets/game/1001.svg')).body).toContain('Fortune Tiger');
    expect((await app.inject('/assets/vendor/EVO.svg')).body).toContain('Evolution');
    expect((await app.inject('/assets/banner/1.svg')).body).toContain('Welcome Bonus');
    expect((await app.inject('/assets/logo.svg')).body).toContain('Lucky');
  });

  it('has a greyscale vendor logo variant for the footer', async () => {
    const app = await assetApp();
    const colour = (await app.inject('/assets/vendor/PG.svg')).body;
    const mono = (await app.inject('/assets/vendor/PG.svg?mono=1')).body;
    expect(mono).not.toBe(colour);
    const colours = [...mono.matchAll(/#([0-9a-f]{6})\b/gi)].map((m) => m[1]?.toLowerCase() ?? '');
    expect(colours.length).toBeGreaterThan(0);
    for (const hex of colours) {
      expect(hex.slice(0, 2), `#${hex} is not grey`).toBe(hex.slice(2, 4));
      expect(hex.slice(2, 4), `#${hex} is not grey`).toBe(hex.slice(4, 6));
    }
  });

  it('renders a real QR code of 200 px with a 20 px margin', async () => {
    const app = await assetApp();
    const res = await app.inject({
      method: 'GET',
      url: '/assets/qr',
      query: { text: 'https://luckylotus.example/down' },
    });
    expectSvg(res);
    expect(res.body).toContain('width="200" height="200"');
    expect(res.body).toContain('x="20" y="20" width="160" height="160"');
    // qrcode draws the dark modules as one path of move/line commands.
    expect(res.body).toMatch(/<path[^>]* d="M[0-9 .hvMm-]{50,}/);
  });

  it('refuses a QR request without text, or with text too long', async () => {
    const app = await assetApp();
    for (const url of [
      '/assets/qr',
      '/assets/qr?text=',
      `/assets/qr?text=${'x'.repeat(1100)}`,
      '/assets/qr?text=a&size=9',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
    }
  });

  it('XML-escapes every name it draws', async () => {
    const app = await assetApp({ source: () => hostileSource });
    for (const url of [
      '/assets/game/1.svg',
      '/assets/vendor/EVIL.svg',
      '/assets/banner/1.svg',
      '/assets/promo/1.svg',
      '/assets/flag/PK.svg',
      '/assets/logo.svg',
    ]) {
      const res = await app.inject(url);
      expectSvg(res);
      expect(res.body, url).not.toContain('<script');
      expect(res.body, url).not.toContain('"Friends"');
      expect(res.body, url).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    }
    expect((await app.inject('/assets/game/1.svg')).body).toContain('&lt;script&gt;');
  });

  it('QR text is escaped by construction: it only becomes modules', async () => {
    const app = await assetApp();
    const res = await app.inject({
      method: 'GET',
      url: '/assets/qr',
      query: { text: '<script>alert(1)</script>' },
    });
    expectSvg(res);
    expect(res.body).not.toContain('<script');
  });

  it('draws a generic image for an unknown id instead of failing', async () => {
    const app = await assetApp();
    for (const url of [
      '/assets/game/999999.svg',
      '/assets/banner/777.svg',
      '/assets/promo/404.svg',
      '/assets/vendor/NOPE.svg',
      '/assets/flag/ZZ.svg',
      '/assets/payment/paypal.svg',
    ]) {
      expectSvg(await app.inject(url));
    }
    expect((await app.inject('/assets/game/999999.svg')).body).toContain('Game 999999');
  });

  it('answers 400 with the gateway envelope for bad characters in an id', async () => {
    const app = await assetApp();
    for (const url of [
      '/assets/vendor/%3Cscript%3E.svg',
      '/assets/game/10%2001.svg',
      '/assets/banner/..%2F..%2Fetc.svg',
      '/assets/flag/P%22K.svg',
      '/assets/game/1001.png',
      '/assets/avatar/.svg',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<{ success: boolean; errorCode: string; message: string }>();
      expect(body.success).toBe(false);
      expect(body.errorCode).toBe('request_param_err');
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it('works without fixtures on disk (generic images everywhere)', async () => {
    const app = await assetApp({ fixturesDir: '/nonexistent/fixtures' });
    expectSvg(await app.inject('/assets/game/1001.svg'));
    expectSvg(await app.inject('/assets/logo.svg'));
  });
});
