/**
 * `npm run sim -- drift` (ADR 025): a recording of the simulator's own replies shows no drift; the
 * same recording with planted drift (an undeclared field, a missing required one, a wrong enum
 * value, a wrong type, an undeclared status) is reported per operation with exit 1; `--json` has a
 * fixed shape; a folder that is not a recording answers a clear error; `--gateway` calls a live
 * gateway (a small Fastify on loopback answering with planted drift).
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../scripts/sim-cli';
import { buildApp } from '../server/app';
import { ContractChecker, loadContract, type OpenApiDocument } from '../server/gateway/checker';
import { DRIFT_EXIT, type DriftReport } from '../server/gateway/drift';
import {
  keyFile,
  MANIFEST_FILE,
  queryPairs,
  RECORDING_FORMAT,
  type RecordedReply,
} from '../server/gateway/recording';
import { MERCHANT } from './helpers';

const CONTRACT_VERSION =
  (loadContract() as { info?: { version?: string } }).info?.version ?? 'unknown';
const READS = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/system/countryCodes',
  '/wps/system/banners?groupName=w_hot',
];
const OPS: Record<string, string> = {
  '/wps/system/status': 'getSystemStatus',
  '/wps/system/whitelabel': 'getWhitelabel',
  '/wps/system/countryCodes': 'getCountryCodes',
  '/wps/system/banners': 'getBanners',
};

const tmp = mkdtempSync(join(tmpdir(), 'drift-'));
const clean = join(tmp, 'clean');
const servers: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(tmp, { recursive: true, force: true });
});

/** A recording of the simulator's own replies, in the recorder's format. */
beforeAll(async () => {
  const app = await buildApp({ logger: false });
  servers.push(app);
  mkdirSync(clean);
  writeFileSync(
    join(clean, MANIFEST_FILE),
    JSON.stringify({
      format: RECORDING_FORMAT,
      contractVersion: CONTRACT_VERSION,
      gateway: 'https://gw.example',
      createdAt: '',
      updatedAt: '',
      private: false,
    }),
  );
  for (const url of READS) {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { merchant: MERCHANT, language: 'EN', device: 'web' },
    });
    expect(res.statusCode, url).toBe(200);
    const [path = '', search = ''] = url.split('?');
    const reply: RecordedReply = {
      operationId: OPS[path] as string,
      method: 'GET',
      path,
      query: queryPairs(search),
      merchant: MERCHANT,
      language: 'EN',
      status: 200,
      contentType: 'application/json',
      recordedAt: new Date().toISOString(),
      scrubbed: false,
      body: res.body,
    };
    mkdirSync(join(clean, reply.operationId), { recursive: true });
    writeFileSync(join(clean, reply.operationId, keyFile(reply)), JSON.stringify(reply));
  }
});

async function sim(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let copies = 0;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- planting walks the body freely
type Body = Record<string, any>;

/** A copy of the clean recording with one operation's reply changed. */
function planted(change: Record<string, (reply: RecordedReply, body: Body) => void>): string {
  const dir = join(tmp, `planted-${copies++}`);
  cpSync(clean, dir, { recursive: true });
  for (const [operationId, edit] of Object.entries(change)) {
    const folder = join(dir, operationId);
    const [file] = readdirSync(folder);
    const path = join(folder, file as string);
    const reply = JSON.parse(readFileSync(path, 'utf8')) as RecordedReply;
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    edit(reply, body);
    reply.body = JSON.stringify(body);
    writeFileSync(path, JSON.stringify(reply));
  }
  return dir;
}

describe('sim drift', () => {
  it('a recording that matches the contract: exit 0 and a one-line summary', async () => {
    const r = await sim('drift', clean);
    expect(r.err).toBe('');
    expect(r.code).toBe(DRIFT_EXIT.ok);
    expect(r.out).toBe(
      `No drift: 4 replies of 4 operations from recording ${clean} match the contract ${CONTRACT_VERSION}.`,
    );
  });

  it('finds a planted undeclared field, a missing required one, a wrong enum value, a wrong type and an undeclared status, per operation', async () => {
    const dir = planted({
      getSystemStatus: (_reply, body) => {
        body.value.vipLevel = 3; // a field the contract does not declare
        delete body.value.country; // a required one missing
        body.value.status = 7; // a value outside 0 | 1 | 2
        body.value.ip = 12; // a number where a string is declared
      },
      getCountryCodes: (reply) => {
        reply.status = 201; // a status the operation does not declare
      },
    });
    const r = await sim('--', 'drift', dir);
    expect(r.code).toBe(DRIFT_EXIT.drift);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(
      `Drift: 2 of 4 replies from recording ${dir} differ from the contract ${CONTRACT_VERSION}.`,
    );
    expect(lines).toContain('getSystemStatus GET /wps/system/status: 1 of 1 reply drift');
    expect(lines).toContain(
      '  value.vipLevel: expected absent (not declared), got present: 3 (status 200, 1 reply)',
    );
    expect(lines).toContain(
      '  value.country: expected present (required), got missing (undeclared: vipLevel) (status 200, 1 reply)',
    );
    expect(lines).toContain(
      '  value.status: expected 0 | 1 | 2, got integer 7 (status 200, 1 reply)',
    );
    expect(lines).toContain('  value.ip: expected string, got integer 12 (status 200, 1 reply)');
    expect(lines).toContain('getCountryCodes GET /wps/system/countryCodes: 1 of 1 reply drift');
    expect(lines).toContain(
      '  (status): expected one of 200, 400, 403, 404, 410, 429, 503, got 201 (status 201, 1 reply)',
    );
    expect(r.out).not.toContain('getWhitelabel');
  });

  it('--json: the report with totals and per-operation differences', async () => {
    const dir = planted({ getWhitelabel: (_reply, body) => void (body.extra = true) });
    const r = await sim('drift', dir, '--json');
    expect(r.code).toBe(DRIFT_EXIT.drift);
    const report = JSON.parse(r.out) as DriftReport;
    expect(Object.keys(report).sort()).toEqual([
      'contract',
      'gateway',
      'ok',
      'operations',
      'recordedContract',
      'recording',
      'totals',
      'unknown',
      'unreadable',
    ]);
    expect(report).toMatchObject({
      recording: dir,
      gateway: null,
      recordedContract: CONTRACT_VERSION,
      contract: CONTRACT_VERSION,
      ok: false,
      unknown: [],
      unreadable: [],
    });
    expect(report.totals).toEqual({
      operations: 4,
      replies: 4,
      drifting: 1,
      differences: 1,
      unchecked: 0,
    });
    const op = report.operations.find((o) => o.operationId === 'getWhitelabel');
    expect(op).toEqual({
      operationId: 'getWhitelabel',
      method: 'GET',
      path: '/wps/system/whitelabel',
      replies: 1,
      drifting: 1,
      differences: [
        {
          field: 'extra',
          expected: 'absent (not declared)',
          got: 'present: true',
          status: 200,
          count: 1,
        },
      ],
      unchecked: {},
    });
    const ok = JSON.parse((await sim('drift', clean, '--json')).out) as DriftReport;
    expect(ok.ok).toBe(true);
  });

  it('a folder that is not a recording answers a clear error (exit 2)', async () => {
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    const none = await sim('drift', empty);
    expect(none.code).toBe(DRIFT_EXIT.usage);
    expect(none.err).toBe(`Not a recording: no recording at ${empty}: recording.json is missing`);
    const missing = await sim('drift', join(tmp, 'nowhere'));
    expect(missing.err).toContain('the folder does not exist');
    const other = join(tmp, 'other');
    mkdirSync(other);
    writeFileSync(join(other, MANIFEST_FILE), '{"format": 9}');
    expect((await sim('drift', other)).err).toContain(
      `recording format 9, this version reads format ${RECORDING_FORMAT}`,
    );
    const hollow = join(tmp, 'hollow');
    mkdirSync(join(hollow, 'getWhitelabel'), { recursive: true });
    writeFileSync(
      join(hollow, MANIFEST_FILE),
      JSON.stringify({ format: RECORDING_FORMAT, contractVersion: CONTRACT_VERSION }),
    );
    writeFileSync(join(hollow, 'getWhitelabel', 'x.json'), '{"not":"a reply"}');
    const h = await sim('drift', hollow);
    expect(h.code).toBe(DRIFT_EXIT.usage);
    expect(h.err).toContain('holds no recorded reply (1 unreadable: not a recorded reply');
    expect((await sim('drift')).code).toBe(DRIFT_EXIT.usage);
  });

  it("--gateway: makes the recording's calls against a live gateway and reports what it sends now", async () => {
    const [file = ''] = readdirSync(join(clean, 'getSystemStatus'));
    const recorded = JSON.parse(
      readFileSync(join(clean, 'getSystemStatus', file), 'utf8'),
    ) as RecordedReply;
    const seen: Record<string, string | undefined>[] = [];
    const gw = Fastify();
    servers.push(gw);
    gw.get('/wps/system/status', async (req) => {
      seen.push({
        merchant: req.headers.merchant as string,
        language: req.headers.language as string,
      });
      const body = JSON.parse(recorded.body) as { value: Record<string, unknown> };
      body.value.theme = 'dark'; // planted: undeclared
      body.value.status = 'open'; // planted: not 0 | 1 | 2
      return body;
    });
    gw.get('/wps/system/whitelabel', async (_req, reply) =>
      reply.code(500).send({ success: false, errorCode: 'boom', message: 'down' }),
    );
    gw.get('/wps/system/countryCodes', async (_req, reply) =>
      reply.code(404).send({ success: false, errorCode: 'not.found', message: 'gone' }),
    );
    gw.get('/wps/system/banners', async (req) => ({
      success: true,
      value: (req.query as { groupName?: string }).groupName === 'w_hot' ? [] : [{ bad: 1 }],
    }));
    const url = await gw.listen({ port: 0, host: '127.0.0.1' });
    const r = await sim('drift', clean, '--gateway', url);
    expect(r.code).toBe(DRIFT_EXIT.drift);
    expect(seen).toEqual([{ merchant: MERCHANT, language: 'EN' }]);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(
      `Drift: 2 of 4 replies from gateway ${url} (calls of ${clean}) differ from the contract ${CONTRACT_VERSION}.`,
    );
    expect(lines).toContain(
      '  value.theme: expected absent (not declared), got present: "dark" (status 200, 1 reply)',
    );
    expect(lines).toContain(
      '  value.status: expected 0 | 1 | 2, got string "open" (status 200, 1 reply)',
    );
    expect(lines).toContain(
      '  (status): expected one of 200, 400, 403, 404, 410, 429, 503, got 500 (status 500, 1 reply)',
    );
    // A declared 404 with the error envelope is no drift; the banners were asked with their query.
    expect(r.out).not.toContain('getCountryCodes');
    expect(r.out).not.toContain('getBanners');
  });

  it('--gateway without a recording calls the public reads that need no query; an unreachable gateway exits 3', async () => {
    const app = await buildApp({ logger: false });
    servers.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const r = await sim('drift', '--gateway', url, '--json');
    const report = JSON.parse(r.out) as DriftReport;
    expect(r.code, r.out).toBe(DRIFT_EXIT.ok);
    expect(report.operations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['getSystemStatus', 'getWhitelabel', 'getCountryCodes']),
    );
    expect(report.operations.map((o) => o.operationId)).not.toContain('getBanners');
    // A port nothing listens on that no test's server can take meanwhile (they take ports above
    // 1024 the system hands out, and a port just found free can be handed out again); not on fetch's
    // list of refused ports.
    const down = await sim('drift', clean, '--gateway', 'http://127.0.0.1:1023');
    expect(down.code).toBe(DRIFT_EXIT.unreachable);
    expect(down.err).toMatch(/^The gateway .* did not answer: no answer \(ECONNREFUSED\)/);
  });

  it('undeclared fields: an allOf of two parts declares the fields of both; a reply envelope through $ref is closed too', () => {
    const doc: OpenApiDocument = {
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            responses: {
              '200': {
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/Envelope' } },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Envelope: {
            type: 'object',
            properties: {
              success: { const: true },
              value: {
                allOf: [
                  { $ref: '#/components/schemas/A' },
                  { type: 'object', properties: { b: { type: 'string' } } },
                ],
              },
            },
          },
          A: { type: 'object', properties: { a: { type: 'string' } } },
        },
      },
    };
    const checker = new ContractChecker(doc, { undeclaredFields: true });
    const op = checker.match('GET', '/x')!;
    const check = (body: unknown) =>
      checker.check(op, {
        status: 200,
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(body)),
      });
    expect(check({ success: true, value: { a: 'x', b: 'y' } })).toEqual({
      checked: true,
      differences: [],
    });
    expect(check({ success: true, value: { a: 'x', c: 1 }, extra: 2 })).toEqual({
      checked: true,
      differences: [
        { field: 'value.c', expected: 'absent (not declared)', got: 'present: 1' },
        { field: 'extra', expected: 'absent (not declared)', got: 'present: 2' },
      ],
    });
    // Without the option the contract's open objects let them pass, as gateway mode checks.
    const open = new ContractChecker(doc);
    expect(
      open.check(op, {
        status: 200,
        contentType: 'application/json',
        body: Buffer.from('{"success":true,"value":{"c":1}}'),
      }),
    ).toEqual({ checked: true, differences: [] });
  });
});
