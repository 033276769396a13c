/**
 * Record, replay and mix with a second simulator standing in for the real gateway (it
 * speaks the same protocol): replies recorded through the proxy replay byte for byte; a value planted
 * upstream shows in the replay; no token, password or RSA key is ever written; bad folders, globs
 * and recordings are refused with a message naming the problem; in a mix, the simulated calls answer
 * while the upstream is in maintenance.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { buildApp } from '../server/app';
import { loadContract } from '../server/gateway/checker';
import { parseSimulate } from '../server/gateway/mix';
import { buildGatewayApp } from '../server/gateway/proxy';
import { importBrand } from '../server/gateway/import-brand';
import { MANIFEST_FILE, readReplies } from '../server/gateway/recording';
import { ReplaySet } from '../server/replay';
import { Sim } from '../server/sim/state';
import { brandDir, FIXTURES_DIR, forgetBrand } from '../server/sim/world';
import { MERCHANT, SEED } from './helpers';

const open: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).reverse().map((app) => app.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'recording-'));
  dirs.push(d);
  return d;
};

const HEADERS = { merchant: MERCHANT, device: 'web', language: 'EN' };

/** The simulator listening on loopback: the stand-in gateway. */
async function upstream(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ controlApi: true, logger: false });
  open.push(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

async function proxy(options: Parameters<typeof buildGatewayApp>[0]): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildGatewayApp({ logger: false, ...options });
  open.push(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { ...HEADERS, 'accept-encoding': 'identity', ...headers } });

/** Public reads the portal makes on its first page, in two languages. */
const READS = [
  '/wps/system/whitelabel',
  '/wps/system/setting/register',
  '/wps/relay/GCSGAME_vendorList?merchantCode=DEMO&platform=html5-desktop',
  '/wps/system/banners?groupName=w_hot',
  '/wps/system/countryCodes',
  '/wps/captcha',
  '/wps/session/key/rsa',
];

async function loginThrough(base: string): Promise<string> {
  const key = (await (await get(base, '/wps/session/key/rsa', { moduleid: 'RSAKEY3' })).json()) as { value: string };
  const { body, encryption } = encryptBody({ type: 'username', ...SEED.player }, key.value);
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { ...HEADERS, moduleid: 'LOGIN3', encryption, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { value: { token: string } };
  return envelope.value.token;
}

describe('record', () => {
  it('writes the public reads, keyed by query and language, and says what it skipped', async () => {
    const up = await upstream();
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: up.url, record: dir });
    for (const path of READS) {
      expect((await get(gw.url, path)).status).toBe(200);
      expect((await get(gw.url, path, { language: 'UR' })).status).toBe(200);
    }
    const token = await loginThrough(gw.url);
    expect((await get(gw.url, '/wps/member/info', { authorization: token })).status).toBe(200);
    await gw.app.close();

    const { replies, unreadable } = readReplies(dir);
    expect(unreadable).toEqual([]);
    // Five recordable reads × two languages; the captcha and the RSA key are never recorded.
    expect(replies).toHaveLength(10);
    expect(new Set(replies.map((r) => r.operationId))).toEqual(
      new Set(['getWhitelabel', 'getRegisterSettings', 'getVendors', 'getBanners', 'getCountryCodes']),
    );
    expect(replies.filter((r) => r.language === 'UR')).toHaveLength(5);
    const summary = gw.app.gatewayRecorder?.summary();
    expect(summary?.recorded).toBe(10);
    expect(summary?.skipped).toMatchObject({
      'getCaptcha is never recorded': 2,
      'getRsaKey is never recorded': 3,
      'not a read call': 1,
      'token call (use --record-private)': 1,
    });
    // Atomic writes leave no temporary files behind.
    const all = readdirSync(dir, { recursive: true }).map(String);
    expect(all.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('never writes a token, a password or the RSA key, even with --record-private', async () => {
    const up = await upstream();
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: up.url, record: dir, recordPrivate: true });
    const token = await loginThrough(gw.url);
    for (const path of ['/wps/member/info', '/wps/v2/wallets/balance', '/wps/member/referral', ...READS]) {
      await get(gw.url, path, { authorization: token });
    }
    await gw.app.close();
    const text = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const modulus = ((await (await get(up.url, '/wps/session/key/rsa')).json()) as { value: string }).value;
    expect(text).toContain('getMemberInfo');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(0, 12));
    expect(text).not.toContain(SEED.player.password);
    expect(text).not.toContain(modulus.slice(0, 32));
    // Personal fields of token calls are scrubbed: the account name and mobile are gone.
    const info = readReplies(dir).replies.find((r) => r.operationId === 'getMemberInfo');
    expect(info?.scrubbed).toBe(true);
    expect(info?.body).not.toContain(SEED.player.username);
    expect(text.toLowerCase()).not.toMatch(/"authorization"|"encryption"/);
  });

  it('refuses a folder it cannot write, naming it', async () => {
    const dir = tempDir();
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(buildGatewayApp({ gatewayUrl: 'http://127.0.0.1:9', record: join(file, 'rec') })).rejects.toThrow(/--record .*not-a-folder/);
  });

  it('refuses to add to a recording of another contract version', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ format: 1, contractVersion: '0.0.1', gateway: 'x', createdAt: '', updatedAt: '', private: false }));
    await expect(buildGatewayApp({ gatewayUrl: 'http://127.0.0.1:9', record: dir })).rejects.toThrow(/contract 0\.0\.1/);
  });

  it('records nothing while the upstream cannot be reached', async () => {
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: 'http://127.0.0.1:9', record: dir });
    expect((await get(gw.url, '/wps/system/whitelabel')).status).toBe(502);
    expect(readReplies(dir).replies).toEqual([]);
    expect(gw.app.gatewayRecorder?.summary().recorded).toBe(0);
  });
});

describe('replay', () => {
  it('answers recorded calls byte for byte, a planted upstream value included, and simulates the rest', async () => {
    const up = await upstream();
    // Planted upstream: a module flag the fixture world does not have.
    const planted = await fetch(`${up.url}/__sim/flags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ modId: 'PLANTED3', enabled: true }),
    });
    expect(planted.status).toBe(200);
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: up.url, record: dir });
    const direct = new Map<string, Buffer>();
    for (const path of READS.slice(0, 5)) {
      const res = await get(gw.url, path);
      direct.set(path, Buffer.from(await res.arrayBuffer()));
    }
    await gw.app.close();

    const replay = await buildApp({ controlApi: true, replay: dir, logger: false });
    open.push(replay);
    for (const [path, bytes] of direct) {
      const res = await replay.inject({ method: 'GET', url: path, headers: HEADERS });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['x-sim-replayed'], path).toBe('true');
      expect(res.rawPayload.equals(bytes), path).toBe(true);
    }
    const whitelabel = await replay.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: HEADERS });
    expect(whitelabel.body).toContain('PLANTED3');
    // Not recorded in Urdu: the simulator answers, without the planted flag.
    const ur = await replay.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { ...HEADERS, language: 'UR' } });
    expect(ur.headers['x-sim-replayed']).toBeUndefined();
    expect(ur.body).not.toContain('PLANTED3');
    // The world's own state is never replayed: status follows the control API.
    await replay.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'maintenance' } });
    const vendors = await replay.inject({ method: 'GET', url: READS[2] ?? '', headers: HEADERS });
    expect(vendors.statusCode).toBe(503);
    const state = await replay.inject({ method: 'GET', url: '/__sim/state' });
    expect(state.json().value.replay.operations).toEqual(['getBanners', 'getCountryCodes', 'getRegisterSettings', 'getVendors', 'getWhitelabel']);
  });

  it('reports a recorded reply that breaks the contract and simulates that call', async () => {
    const up = await upstream();
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: up.url, record: dir });
    await get(gw.url, '/wps/system/countryCodes');
    await get(gw.url, '/wps/system/whitelabel');
    await gw.app.close();
    const { replies } = readReplies(dir);
    const countries = replies.find((r) => r.operationId === 'getCountryCodes');
    const file = readdirSync(join(dir, 'getCountryCodes'))[0] ?? '';
    writeFileSync(join(dir, 'getCountryCodes', file), JSON.stringify({ ...countries, body: '{"success":true,"value":"not a list"}' }));
    const set = new ReplaySet(dir);
    expect(set.info.operations).toEqual(['getWhitelabel']);
    expect(set.info.rejected).toEqual([expect.objectContaining({ operationId: 'getCountryCodes', count: 1 })]);
    expect(set.reportLines().join('\n')).toMatch(/getCountryCodes: 1 recorded reply breaks the contract .*simulated instead/);
    const app = await buildApp({ replay: set, logger: false });
    open.push(app);
    const res = await app.inject({ method: 'GET', url: '/wps/system/countryCodes', headers: HEADERS });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-sim-replayed']).toBeUndefined();
    expect(Array.isArray(res.json().value)).toBe(true);
  });

  it('refuses a folder that is not a recording, or one of another contract version', () => {
    const dir = tempDir();
    expect(() => new ReplaySet(dir)).toThrow(/recording\.json is missing/);
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ format: 1, contractVersion: '0.0.1', gateway: 'x', createdAt: '', updatedAt: '', private: false }));
    expect(() => new ReplaySet(dir)).toThrow(/recorded against contract 0\.0\.1/);
    expect(() => new ReplaySet(join(dir, 'missing'))).toThrow(/does not exist/);
  });
});

describe('mix', () => {
  it('answers the simulated calls (and their control API) while the upstream is in maintenance', async () => {
    const up = await upstream();
    await fetch(`${up.url}/__sim/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'maintenance' }) });
    const contract = loadContract();
    const simulated = parseSimulate('/wps/verification/*,/wps/captcha', contract);
    const sim = await buildApp({ controlApi: true, logger: false });
    const gw = await proxy({ gatewayUrl: up.url, simulate: { matches: simulated.matches, app: sim } });
    // Proxied: the upstream's maintenance.
    expect((await get(gw.url, '/wps/system/whitelabel')).status).toBe(503);
    // Simulated: the captcha answers, and its answer is readable through the simulator's control API.
    const captcha = await get(gw.url, '/wps/captcha', { moduleid: 'CAPTCHA3' });
    expect(captcha.status).toBe(200);
    const answer = await fetch(`${gw.url}/__sim/captcha`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { value: { answer: string } }).value.answer).toMatch(/\S/);
    const sms = await fetch(`${gw.url}/wps/verification/sms/register`, {
      method: 'POST',
      headers: { ...HEADERS, moduleid: 'MOBILENUMREG3', 'content-type': 'application/json' },
      body: JSON.stringify({ countryDialingCode: '+92', mobileNo: '03111234567' }),
    });
    expect(sms.status).toBe(200);
    const outbox = await fetch(`${gw.url}/__sim/sms/last?mobile=03111234567`);
    expect(((await outbox.json()) as { value: { code: string } }).value.code).toMatch(/^\d+$/);
    // The drift report covers proxied calls only.
    const report = gw.app.gatewayReport.toJSON();
    expect(report.operations.map((o) => o.operationId)).toEqual(['getWhitelabel']);
  });

  it('refuses a glob that matches no contract path, or is not a path glob', () => {
    const contract = loadContract();
    expect(() => parseSimulate('/wps/verifcation/*', contract)).toThrow(/"\/wps\/verifcation\/\*" matches no path of the contract/);
    expect(() => parseSimulate('wps/captcha', contract)).toThrow(/not a path glob/);
    expect(() => parseSimulate('/wps/[captcha', contract)).toThrow(/\/wps\/\[captcha/);
    expect(() => parseSimulate(' , ', contract)).toThrow(/at least one/);
    const ok = parseSimulate('/wps/verification/*', contract);
    expect(ok.operations.map((o) => o.operationId).sort()).toEqual(['sendForgotSms', 'sendLoginSms', 'sendRegisterSms']);
    expect(ok.warnings.join(' ')).toMatch(/SMS codes come from the simulator/);
  });
});

describe('import a brand', () => {
  const BRAND = `test-import-${process.pid}`;
  afterEach(() => {
    rmSync(brandDir(BRAND), { recursive: true, force: true });
    forgetBrand(BRAND);
  });

  /** Record the reads a brand is made of from an upstream with its own vendor name and brand name. */
  async function recordBrand(): Promise<string> {
    const up = await upstream();
    const sim = (up.app as unknown as { sim: Sim }).sim;
    const world = sim.world;
    const vendor = sim.own('vendors').find((v) => v.vendor === 'PG');
    if (!vendor) throw new Error('fixture vendor PG missing');
    vendor.vendorName = 'Planted Gaming';
    world.brand.brandName = 'Planted Brand';
    const dir = tempDir();
    const gw = await proxy({ gatewayUrl: up.url, record: dir });
    for (const path of [
      '/wps/system/permission?host=localhost',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/system/countryCodes',
      '/wps/relay/GCSGAME_vendorList?merchantCode=DEMO&platform=html5-desktop',
      '/wps/relay/GCSGAME_gameList?vassalage=PG_RNG&gameType=RNG&pageNo=1&pageSize=42',
      '/wps/system/banners?groupName=w_hot',
      '/wps/system/helpCenter',
      '/wps/promotion/list',
      '/lgw/vn/games/game_menu?prizeMode=Lott',
    ]) {
      const res = await get(gw.url, path);
      expect(res.status, path).toBe(200);
    }
    await gw.app.close();
    return dir;
  }

  it('turns a recording into fixtures that load, and the sandbox runs on them', async () => {
    const dir = await recordBrand();
    const result = importBrand(dir, BRAND, FIXTURES_DIR, (name) => {
      forgetBrand(name);
      new Sim({ brand: name });
    });
    expect(Object.keys(result.written).sort()).toEqual(
      ['banners.json', 'brand.json', 'countries.json', 'games.json', 'help.json', 'lottery.json', 'promotions.json', 'register-rules.json', 'system.json', 'vendors.json', 'whitelabel.json'].sort(),
    );
    expect(result.defaulted).toEqual(['announcements.json']);
    const vendors = JSON.parse(readFileSync(join(brandDir(BRAND), 'vendors.json'), 'utf8')) as { vendorName: string; logo: string }[];
    expect(vendors.find((v) => v.vendorName === 'Planted Gaming')?.logo).toBe('/assets/vendor/PG.svg');

    const app = await buildApp({ brand: BRAND, logger: false });
    open.push(app);
    const lanes = await app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_vendorList?merchantCode=DEMO&platform=html5-desktop', headers: HEADERS });
    expect(lanes.body).toContain('Planted Gaming');
    const permission = await app.inject({ method: 'GET', url: '/wps/system/permission?host=localhost', headers: HEADERS });
    expect(permission.json().value.brandName).toBe('Planted Brand');
    // Seed accounts still log in on an imported brand.
    const { encryption, body } = encryptBody({ type: 'username', ...SEED.player }, (app as unknown as { sim: Sim }).sim.rsa.modulusHex);
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { ...HEADERS, moduleid: 'LOGIN3', encryption },
      payload: body as never,
    });
    expect(login.json().success).toBe(true);
  });

  it('refuses a bad brand name, a folder that is not a recording, and an unknown --brand', async () => {
    expect(() => importBrand(tempDir(), 'Bad Name', FIXTURES_DIR, () => {})).toThrow(/--brand must be/);
    expect(() => importBrand(tempDir(), BRAND, FIXTURES_DIR, () => {})).toThrow(/recording\.json is missing/);
    await expect(buildApp({ brand: 'no-such-brand' })).rejects.toThrow(/no brand "no-such-brand" under fixtures\/brands/);
  });

  it('keeps nothing of an import that does not load', async () => {
    const dir = await recordBrand();
    expect(() =>
      importBrand(dir, BRAND, FIXTURES_DIR, () => {
        throw new Error('fixtures/brands/x/vendors.json: /0/vendor must be string');
      }),
    ).toThrow(/vendors\.json/);
    expect(existsSync(brandDir(BRAND))).toBe(false);
  });
});
