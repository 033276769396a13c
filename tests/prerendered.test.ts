/**
 * Which page requests get a pre-rendered first screen (server/prerendered.ts, ADR 026): a stand-in
 * for the pre-render worker answers pages that name what they were asked for, so these tests need
 * no web build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';

const PLAIN = '<!doctype html><html lang="en"><title>Portal</title><div id="root">plain shell</div>';

// The stand-in worker: the brand offers English and Urdu; a page says which render it was.
const WORKER = `
import { parentPort } from 'node:worker_threads';
let renders = 0;
parentPort.on('message', (job) => {
  if (job.kind === 'languages') return parentPort.postMessage({ id: job.id, result: { offered: ['EN', 'UR'], initial: 'EN' } });
  renders++;
  parentPort.postMessage({ id: job.id, result: { kind: 'page', document: '<html data-prerendered="' + job.input.language + '">' + job.input.path + ' render ' + renders } });
});
`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'prerendered-'));
  const webDist = join(dir, 'dist');
  const ssr = join(dir, 'dist-ssr');
  mkdirSync(webDist);
  mkdirSync(ssr);
  writeFileSync(join(webDist, 'index.html'), PLAIN);
  writeFileSync(join(ssr, 'package.json'), '{"type":"module"}');
  writeFileSync(join(ssr, 'worker.js'), WORKER);
  app = await buildApp({ webDist, controlApi: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('pre-rendered first screens', () => {
  it('answers a public route pre-rendered, in the language of the hisLang cookie when the brand offers it', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers.vary).toMatch(/cookie/i);
    expect(home.body).toMatch(/^<html data-prerendered="EN">\/ render \d+$/);

    expect((await get('/rng', { cookie: 'hisLang=UR' })).body).toMatch(/data-prerendered="UR">\/rng render/);
    expect((await get('/register', { cookie: 'hisLang=ur' })).body).toMatch(/data-prerendered="UR">\/register render/);
    // A language the brand does not offer: the one the app starts in.
    expect((await get('/help', { cookie: 'hisLang=TH' })).body).toMatch(/data-prerendered="EN">\/help render/);
  });

  it('answers the plain shell for other routes, any query string, and a sandbox world', async () => {
    for (const [url, headers] of [
      ['/pointMall', {}],
      ['/lottery', {}],
      ['/?token=abc', {}],
      ['/rng?world=qa-anna', {}],
      ['/', { 'x-sim-world': 'qa-anna' }],
      ['/', { cookie: 'sim_world=qa-anna' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(PLAIN);
    }
    // The default world by its name is the default world.
    expect((await get('/', { cookie: 'sim_world=default' })).body).toMatch(/data-prerendered="EN"/);
  });

  it('keeps a page until the control API writes to the default world, and serves the plain shell in maintenance', async () => {
    const first = (await get('/promotions')).body;
    expect((await get('/promotions')).body).toBe(first);
    // A write to another world changes nothing here.
    await app.inject({ method: 'POST', url: '/__sim/status', headers: { 'x-sim-world': 'qa-other' }, payload: { status: 'maintenance' } });
    expect((await get('/promotions')).body).toBe(first);

    const maintenance = await app.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'maintenance' } });
    expect(maintenance.statusCode).toBe(200);
    expect((await get('/promotions')).body).toBe(PLAIN);
    expect((await get('/')).body).toBe(PLAIN);

    await app.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'normal' } });
    const again = (await get('/promotions')).body;
    expect(again).toMatch(/data-prerendered="EN">\/promotions render/);
    // Rendered anew after the writes, not the page from before them.
    expect(again).not.toBe(first);
  });
});
