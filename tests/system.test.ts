/**
 * System area: the status gate (maintenance before region
 * restriction), the permission bootstrap, flags and settings, content lists, feedback, scenarios and
 * the error envelope of unknown routes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleNode } from '../openapi/system';
import { decodeServicePath } from '../openapi/wire-crypto';
import { buildApp } from '../server/app';
import { call, login, SEED, testApp } from './helpers';

interface Announcement {
  id: number;
  type: string;
  timestamp: number;
}

const fieldsOf = (res: { envelope: { value?: { fields?: { field: string }[] } } }) =>
  (res.envelope.value?.fields ?? []).map((f) => f.field);

function flatten(nodes: ModuleNode[]): ModuleNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.childrenNodes)]);
}

/** One call from several areas (public, token, games, encrypted login), each with a label. */
function sampleCalls(app: FastifyInstance, token: string): [string, () => ReturnType<typeof call>][] {
  return [
    ['permission', () => call(app, 'GET', '/wps/system/permission', { query: { host: 'localhost' } })],
    ['member info', () => call(app, 'GET', '/wps/member/info', { token })],
    ['game menus', () => call(app, 'GET', '/lgw/games/game_menus')],
    ['game list', () => call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query: { clientType: 3, gameType: 'RNG' } })],
    ['login', () => call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', ...SEED.player } })],
    ['captcha', () => call(app, 'GET', '/wps/captcha')],
    ['customer service', () => call(app, 'GET', '/wps/system/customerService')],
  ];
}

describe('system status', () => {
  it('0: normal, with the visitor ip and country and nothing else', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/system/status');
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value).toEqual({ status: 0, ip: '203.0.113.24', country: 'PK' });
  });

  it('1: maintenance refuses every other call with 503 system.maintenance; the status call answers the details', async () => {
    const app = await testApp();
    const token = await login(app);
    const calls = sampleCalls(app, token);
    for (const [label, make] of calls) expect((await make()).statusCode, label).toBe(200);

    app.sim.world.brand.systemStatus = 1;
    for (const [label, make] of calls) {
      const res = await make();
      expect(res.statusCode, label).toBe(503);
      expect(res.envelope).toMatchObject({ success: false, errorCode: 'system.maintenance' });
      expect(res.envelope.value.retryAfterSeconds).toBeGreaterThanOrEqual(0);
    }
    // The gate comes before the token check: no token still answers maintenance, not 401.
    expect((await call(app, 'GET', '/wps/member/info')).statusCode).toBe(503);

    const status = await call(app, 'GET', '/wps/system/status');
    expect(status.statusCode).toBe(200);
    const { brand } = app.sim.world;
    expect(status.envelope.value).toMatchObject({ status: 1, ip: brand.location.ip, country: brand.location.country, maintenance: { message: brand.maintenance.message } });
    expect(status.envelope.value.maintenance.message).not.toBe('');
    // The window the page shows holds the world's clock: the expected end is never in the past.
    const { startTime, endTime } = status.envelope.value.maintenance;
    expect(startTime).toBeLessThanOrEqual(app.sim.now());
    expect(endTime).toBeGreaterThan(app.sim.now());
    expect(endTime - startTime).toBe(Math.max(3_600_000, brand.maintenance.endTime - brand.maintenance.startTime));
    expect(decodeServicePath(status.envelope.value.customerService.path)).toBe(brand.customerService.liveChatUrl);

    // Back to normal: calls answer again.
    app.sim.world.brand.systemStatus = 0;
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);
  });

  it('2: region restriction refuses every other call with 403 system.region.restricted naming ip and country', async () => {
    const app = await testApp();
    const token = await login(app);
    app.sim.world.brand.systemStatus = 2;
    for (const [label, make] of sampleCalls(app, token)) {
      const res = await make();
      expect(res.statusCode, label).toBe(403);
      expect(res.envelope).toMatchObject({
        success: false,
        errorCode: 'system.region.restricted',
        value: { ip: '203.0.113.24', country: 'PK' },
      });
    }
    const status = await call(app, 'GET', '/wps/system/status');
    expect(status.statusCode).toBe(200);
    expect(status.envelope.value).toMatchObject({ status: 2, ip: '203.0.113.24', country: 'PK' });
    expect(status.envelope.value.maintenance).toBeUndefined();
    expect(decodeServicePath(status.envelope.value.customerService.path)).toBe(app.sim.world.brand.customerService.liveChatUrl);
  });

  it('maintenance switched on by the control API runs from the switch, on the world clock; retryAfterSeconds agrees', async () => {
    const app = await testApp();
    app.sim.clock.advance(30 * 86_400_000); // well past the brand's own window
    const before = app.sim.now();
    const switched = await app.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'maintenance' } });
    expect(switched.statusCode, switched.body).toBe(200);
    const { maintenance } = (await call(app, 'GET', '/wps/system/status')).envelope.value;
    expect(maintenance.startTime).toBeGreaterThanOrEqual(before);
    expect(maintenance.endTime).toBeGreaterThan(app.sim.now());
    const refused = await call(app, 'GET', '/wps/member/info');
    expect(refused.statusCode).toBe(503);
    const retry = refused.envelope.value.retryAfterSeconds as number;
    expect(Math.abs(retry - (maintenance.endTime - app.sim.now()) / 1000)).toBeLessThan(5);
    expect(retry).toBeGreaterThan(0);
  });

  it('maintenance is checked before region restriction', async () => {
    const app = await testApp({ scenario: 'region-restricted' });
    expect((await call(app, 'GET', '/lgw/games/game_menus')).statusCode).toBe(403);
    app.sim.world.brand.systemStatus = 1;
    const res = await call(app, 'GET', '/lgw/games/game_menus');
    expect(res.statusCode).toBe(503);
    expect(res.envelope.errorCode).toBe('system.maintenance');
    expect((await call(app, 'GET', '/wps/system/status')).envelope.value.status).toBe(1);
  });

  it('an unknown route answers the 404 error envelope', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(res.envelope).toMatchObject({ success: false, errorCode: 'resource.not.found' });
    expect(res.envelope.message).toContain('/wps/no/such/call');
    // A known path with a method it does not have is a 405 with Allow, not a 404.
    const wrongMethod = await call(app, 'DELETE', '/wps/system/status');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
    expect(wrongMethod.envelope.success).toBe(false);
  });
});

describe('read-only system calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ controlApi: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('requires the Merchant header', async () => {
    const res = await call(app, 'GET', '/wps/system/status', { omitHeaders: ['merchant'] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('headers/merchant');
  });

  it('permission: brand, flags tree, languages, rules, location and an encoded customer-service path', async () => {
    const res = await call(app, 'GET', '/wps/system/permission', { query: { host: 'localhost' } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.envelope.value;
    const { brand } = app.sim.world;
    expect(p).toMatchObject({
      merchantCode: 'DEMO',
      brandName: brand.brandName,
      loginBeforeHome: false,
      location: { ip: '203.0.113.24', country: 'PK' },
      maintenance: false,
      regionRestriction: false,
      currencySymbol: '$',
    });
    const flags = flatten(p.whitelabel as ModuleNode[]);
    for (const modId of ['CHNGPASSVERIF3', 'MOBILEVERCODELOGIN3', 'DIRECTREG3', 'CBS3', 'MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3', 'USERNAMEREG3', 'FREEPLAY3', 'PWDEXPFORCECHANGE3']) {
      const node = flags.find((n) => n.modId === modId);
      expect(node, modId).toBeDefined();
      expect(node?.enabled, modId).toBe(app.sim.flag(modId));
    }
    // DIRECTREG3 sits under the WHITELABEL node of the tree.
    const root = (p.whitelabel as ModuleNode[]).find((n) => n.modId === 'WHITELABEL');
    expect(root?.childrenNodes.map((n) => n.modId)).toContain('DIRECTREG3');
    expect(p.languages).toEqual(brand.languages);
    expect(p.languages).toEqual(expect.arrayContaining(['EN', 'UR']));
    expect(p.registerRules).toEqual(app.sim.world.registerRules);
    expect(p.registerRules.find((r: { key: string }) => r.key === 'username')).toMatchObject({ enabled: true, required: true });
    expect(decodeServicePath(p.customerService.path)).toBe(brand.customerService.liveChatUrl);
    expect(p.customerService.csType).toBe(brand.customerService.csType);
    expect(p.gtagId).toBe(brand.gtagId);
  });

  it('permission needs the host', async () => {
    const res = await call(app, 'GET', '/wps/system/permission');
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
    expect(fieldsOf(res)).toEqual(['query/host']);
  });

  it('customer service: the type-3 path decodes with its last 8 characters to the live chat URL', async () => {
    const res = await call(app, 'GET', '/wps/system/customerService');
    const list = res.envelope.value.version.pathList as { type: number; path: string }[];
    const encoded = list.find((i) => i.type === 3);
    expect(encoded).toBeDefined();
    expect(encoded?.path).not.toContain(app.sim.world.brand.customerService.liveChatUrl);
    expect(decodeServicePath(encoded?.path ?? '')).toBe(app.sim.world.brand.customerService.liveChatUrl);
  });

  it('banners by group: w_help has exactly one, every row is of the group asked for', async () => {
    const help = await call(app, 'GET', '/wps/system/banners', { query: { groupName: 'w_help' } });
    expect(help.envelope.value).toHaveLength(1);
    for (const group of ['w_hot', 'w_down', 'w_promotion', 'w_shop', 'w_reg']) {
      const res = await call(app, 'GET', '/wps/system/banners', { query: { groupName: group } });
      const rows = res.envelope.value as { groupName: string; url: string }[];
      expect(rows.length, group).toBeGreaterThan(0);
      expect(rows.every((b) => b.groupName === group)).toBe(true);
    }
    expect((await call(app, 'GET', '/wps/system/banners', { query: { groupName: 'w_none' } })).envelope.value).toEqual([]);
    const missing = await call(app, 'GET', '/wps/system/banners');
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['query/groupName']);
  });

  it('announcements: type filter, newest first, pages of 9 by default', async () => {
    const all = app.sim.world.announcements as unknown as Announcement[];
    const types = ['B', 'PL', 'PU', 'PR'];
    const expected = all.filter((a) => types.includes(a.type));
    expect(expected.length).toBeGreaterThan(9);

    const pages: Announcement[] = [];
    const first = await call(app, 'GET', '/wps/system/announcement', { query: { types: types.join(','), platform: 'W', execution: 'B' } });
    expect(first.statusCode, first.body).toBe(200);
    const totalPages = Math.ceil(expected.length / 9);
    expect(first.envelope.value).toMatchObject({ pageNo: 1, pageSize: 9, totalCount: expected.length, totalPages });
    for (let pageNo = 1; pageNo <= totalPages; pageNo++) {
      const res = await call(app, 'GET', '/wps/system/announcement', { query: { types: types.join(','), pageNo, pageSize: 9 } });
      const list = res.envelope.value.list as Announcement[];
      expect(list.length).toBe(pageNo < totalPages ? 9 : expected.length - 9 * (totalPages - 1));
      pages.push(...list);
    }
    expect(pages.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(pages.every((a) => types.includes(a.type))).toBe(true);
    const times = pages.map((a) => a.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const onlyB = await call(app, 'GET', '/wps/system/announcement', { query: { types: 'B' } });
    expect(onlyB.envelope.value.totalCount).toBe(all.filter((a) => a.type === 'B').length);
    expect((onlyB.envelope.value.list as Announcement[]).every((a) => a.type === 'B')).toBe(true);

    const none = await call(app, 'GET', '/wps/system/announcement', { query: { types: 'ZZ' } });
    expect(none.envelope.value).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });

    const badQueries: Record<string, string | number>[] = [{ types: 'B', pageSize: 0 }, { types: 'B', pageSize: 101 }, { types: 'B', pageNo: 0 }, { types: 'B', platform: 'H5' }];
    for (const query of badQueries) {
      const bad = await call(app, 'GET', '/wps/system/announcement', { query });
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
      expect(bad.envelope.errorCode).toBe('request_param_err');
    }
    const noTypes = await call(app, 'GET', '/wps/system/announcement');
    expect(fieldsOf(noTypes)).toEqual(['query/types']);
  });

  it('notices: player, popup and promotion notices by type, with the hot banners', async () => {
    const res = await call(app, 'GET', '/wps/system/notice');
    const all = app.sim.world.announcements as unknown as Announcement[];
    const v = res.envelope.value;
    const ids = (rows: Announcement[]) => rows.map((a) => a.id).sort();
    expect(ids(v.player)).toEqual(ids(all.filter((a) => a.type === 'PL')));
    expect(ids(v.popup)).toEqual(ids(all.filter((a) => a.type === 'PU')));
    expect(ids(v.promotion)).toEqual(ids(all.filter((a) => a.type === 'PR')));
    expect(v.player.length).toBeGreaterThan(0);
    expect(v.banners.length).toBeGreaterThan(0);
    expect(v.banners.every((b: { groupName: string }) => b.groupName === 'w_hot')).toBe(true);
  });

  it('country codes: Pakistan (+92) first', async () => {
    const res = await call(app, 'GET', '/wps/system/countryCodes');
    const rows = res.envelope.value as { countryCode: string; countryDialingCode: string }[];
    expect(rows[0]).toMatchObject({ countryCode: 'PK', countryDialingCode: '+92' });
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.countryCode)).size).toBe(rows.length);
    expect(rows.every((r) => /^\+[0-9]{1,6}$/.test(r.countryDialingCode))).toBe(true);
  });

  it('help centre: categories with articles, and the user protocol', async () => {
    const res = await call(app, 'GET', '/wps/system/helpCenter');
    const { categories, protocol } = res.envelope.value as { categories: { title: string; items: { content: string }[] }[]; protocol: string };
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((c) => c.title && c.items.length > 0 && c.items.every((i) => i.content.length > 0))).toBe(true);
    expect(protocol.length).toBeGreaterThan(0);
  });

  it('domain routes carry an integer speed; menu settings and winners answer', async () => {
    const domains = (await call(app, 'GET', '/wps/system/domainRoute')).envelope.value as { domain: string; speed: number }[];
    expect(domains.length).toBeGreaterThan(0);
    expect(domains.every((d) => d.domain && Number.isInteger(d.speed))).toBe(true);
    const menu = (await call(app, 'GET', '/wps/system/setting/menu')).envelope.value;
    expect(Array.isArray(menu.categoryOrder)).toBe(true);
    expect(menu.categoryOrder.length).toBeGreaterThan(0);
    const winners = await call(app, 'GET', '/wps/system/winnerBoard');
    expect(winners.statusCode).toBe(200);
    expect(Array.isArray(winners.envelope.value)).toBe(true);
  });
});

describe('flags and settings', () => {
  it('toggling a flag shows in the whitelabel tree', async () => {
    const app = await testApp();
    const enabled = async (modId: string) =>
      flatten((await call(app, 'GET', '/wps/system/whitelabel')).envelope.value as ModuleNode[]).find((n) => n.modId === modId)?.enabled;
    expect(await enabled('CHNGPASSVERIF3')).toBe(false);
    app.sim.setFlag('CHNGPASSVERIF3', true);
    expect(await enabled('CHNGPASSVERIF3')).toBe(true);
    app.sim.setFlag('FREEPLAY3', false);
    expect(await enabled('FREEPLAY3')).toBe(false);
  });

  it('register settings: rules, captcha switch, SMS verification and the default dialing code', async () => {
    const app = await testApp();
    const get = async () => (await call(app, 'GET', '/wps/system/setting/register')).envelope.value;
    const before = await get();
    expect(before).toMatchObject({ captchaEnabled: false, smsVerification: false, defaultCountryDialingCode: '+92' });
    expect(before.rules).toEqual(app.sim.world.registerRules);

    app.sim.world.brand.registerCaptcha = true;
    app.sim.setFlag('REGMOBVERF3', true);
    expect(await get()).toMatchObject({ captchaEnabled: true, smsVerification: true });

    // Without the brand switch, an enabled captcha rule turns the captcha on.
    delete app.sim.world.brand.registerCaptcha;
    const captchaRule = app.sim.world.registerRules.find((r) => r.key === 'captcha');
    expect(captchaRule).toBeDefined();
    if (captchaRule) captchaRule.enabled = true;
    expect((await get()).captchaEnabled).toBe(true);
  });
});

describe('feedback (members only)', () => {
  const png = `data:image/png;base64,${Buffer.from('png bytes').toString('base64')}`;
  const jpg = `data:image/jpeg;base64,${Buffer.from('jpg bytes').toString('base64')}`;
  const feedback = (app: FastifyInstance, token: string | undefined, body: unknown) => call(app, 'PUT', '/wps/feedback', { token, body });

  it('needs a token and a real account: guests get 403 in_need_true_account', async () => {
    const app = await testApp();
    const body = { content: 'The lobby loads slowly on my phone.' };
    const anonymous = await feedback(app, undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.envelope.errorCode).toBe('login.not.session');
    const guest = await login(app, { username: 'guest0001', password: 'a1234567' });
    const res = await feedback(app, guest, body);
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('in_need_true_account');
  });

  it('content length is bounded (10-500): outside the bounds a schema 400 names body/content', async () => {
    const app = await testApp();
    const token = await login(app);
    for (const content of ['too short', 'x'.repeat(501)]) {
      const res = await feedback(app, token, { content });
      expect(res.statusCode, String(content.length)).toBe(400);
      expect(res.envelope.errorCode).toBe('request_param_err');
      expect(fieldsOf(res)).toEqual(['body/content']);
    }
    expect((await feedback(app, token, {})).statusCode).toBe(400);
    for (const content of ['x'.repeat(10), 'x'.repeat(500)]) {
      const res = await feedback(app, token, { content });
      expect(res.statusCode, String(content.length)).toBe(200);
      expect(Number.isInteger(res.envelope.value.id)).toBe(true);
    }
  });

  it('images: png or jpg only, at most 3, 5 MB each', async () => {
    const app = await testApp();
    const token = await login(app);
    const content = 'Screenshots of the problem attached.';

    const gif = await feedback(app, token, { content, images: [png, 'data:image/gif;base64,R0lGODlh'] });
    expect(gif.statusCode).toBe(400);
    expect(gif.envelope.errorCode).toBe('request_param_err');
    // The contract holds the rule (ADR 008): the refusal names the image itself.
    expect(fieldsOf(gif)).toEqual(['body/images/1']);

    const notData = await feedback(app, token, { content, images: ['https://example.com/a.png'] });
    expect(notData.statusCode).toBe(400);
    expect(fieldsOf(notData)).toEqual(['body/images/0']);

    const four = await feedback(app, token, { content, images: [png, png, jpg, jpg] });
    expect(four.statusCode).toBe(400);
    expect(four.envelope.errorCode).toBe('request_param_err');
    expect(fieldsOf(four)).toEqual(['body/images']);

    const huge = `data:image/png;base64,${'A'.repeat(6_995_000)}`;
    const tooBig = await feedback(app, token, { content, images: [huge] });
    expect(tooBig.statusCode).toBe(400);
    expect(fieldsOf(tooBig)).toEqual(['body/images/0']);

    const ok = await feedback(app, token, { content, images: [png, jpg, png] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.envelope.success).toBe(true);
  });
});

describe('scenarios', () => {
  it('maintenance starts in status 1', async () => {
    const app = await testApp({ scenario: 'maintenance' });
    expect((await call(app, 'GET', '/wps/system/status')).envelope.value.status).toBe(1);
    expect((await call(app, 'GET', '/lgw/games/game_menus')).statusCode).toBe(503);
  });

  it('region-restricted starts in status 2', async () => {
    const app = await testApp({ scenario: 'region-restricted' });
    expect((await call(app, 'GET', '/wps/system/status')).envelope.value.status).toBe(2);
  });

  it('login-before-home sets loginBeforeHome in the permission', async () => {
    const app = await testApp({ scenario: 'login-before-home' });
    const res = await call(app, 'GET', '/wps/system/permission', { query: { host: 'localhost' } });
    expect(res.envelope.value.loginBeforeHome).toBe(true);
  });

  it('mobile-registration has MOBILENUMREG3 (and SMS verification) on', async () => {
    const app = await testApp({ scenario: 'mobile-registration' });
    const tree = flatten((await call(app, 'GET', '/wps/system/whitelabel')).envelope.value as ModuleNode[]);
    expect(tree.find((n) => n.modId === 'MOBILENUMREG3')?.enabled).toBe(true);
    expect((await call(app, 'GET', '/wps/system/setting/register')).envelope.value.smsVerification).toBe(true);
  });

  it('new-brand-minimal-flags has one language', async () => {
    const app = await testApp({ scenario: 'new-brand-minimal-flags' });
    const res = await call(app, 'GET', '/wps/system/permission', { query: { host: 'localhost' } });
    expect(res.envelope.value.languages).toEqual(['EN']);
    const tree = flatten(res.envelope.value.whitelabel as ModuleNode[]);
    expect(tree.find((n) => n.modId === 'FREEPLAY3')?.enabled).toBe(false);
  });

  it('an unknown scenario name makes buildApp throw a clear error', async () => {
    await expect(buildApp({ scenario: 'no-such-scenario' })).rejects.toThrow(/unknown scenario "no-such-scenario".*maintenance/);
    await expect(buildApp({ scenario: '../brand' })).rejects.toThrow(/bad scenario name/);
  });
});
