/**
 * The contract test: every operation of the committed openapi.json is called with a
 * valid request built from the document's examples and its reply is validated against the document by
 * Ajv (JSON Schema 2020-12, independent of Fastify's own validation); then one invalid request per
 * operation must get the 400 envelope. The last test fails if any operation was not exercised.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking an arbitrary document

const doc = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8')) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, 'openapi.json');

interface Operation {
  operationId: string;
  method: string;
  path: string;
  spec: Json;
}

const operations: Operation[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, spec]) => ({ operationId: spec.operationId, method: method.toUpperCase(), path, spec })),
);

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function resolve(node: Json): Json {
  if (typeof node.$ref === 'string') {
    const parts = node.$ref.replace(/^#\//, '').split('/');
    return resolve(parts.reduce((n: Json, p: string) => n[p.replace(/~1/g, '/').replace(/~0/g, '~')], doc));
  }
  return node;
}

function validateReply(op: Operation, status: number, body: unknown): string | null {
  const response = op.spec.responses[String(status)];
  if (!response) return `status ${status} is not declared`;
  const ref = response.$ref
    ? `openapi.json#/components/responses/Error/content/application~1json/schema`
    : `openapi.json#/${pointer('paths', op.path, op.method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return `no schema at ${ref}`;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

/** A valid request from the document: parameter examples, the body example (or the plaintext's). */
function exampleRequest(op: Operation): { query: Record<string, string>; headers: Record<string, string>; body?: unknown } {
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of (op.spec.parameters ?? []) as Json[]) {
    if (p.in === 'query' && p.example !== undefined) query[p.name] = String(p.example);
    if (p.in === 'header' && p.required && p.schema?.const !== undefined) headers[p.name.toLowerCase()] = String(p.schema.const);
  }
  let body: unknown;
  if (op.spec['x-encrypted']) body = resolve(op.spec['x-plaintext-schema']).examples?.[0];
  else if (op.spec.requestBody) {
    const content = op.spec.requestBody.content as Json;
    body = (Object.values(content)[0] as Json).example;
  }
  return { query, headers, body };
}

/**
 * State a valid request depends on (an SMS code sent, a withdrawal to confirm …): run before the call,
 * returning body fields to merge. Every other operation needs nothing but the examples.
 */
const prepare: Record<string, (app: FastifyInstance, token: string) => Promise<Json | void>> = {
  registerMobile: async (app) => {
    await call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: '03111234567' } });
    return { verificationCode: app.sim.sms.last('03111234567')?.code };
  },
  setPasswordByPhone: async (app) => {
    await call(app, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+92', mobileNum: '03001234567' } });
    return { verificationCode: app.sim.sms.last('03001234567')?.code };
  },
  confirmWithdrawReceived: async (app, token) => {
    const res = await call(app, 'POST', '/wps/wallet/withdraw', { token, body: { amount: 20, accountId: 'acc-1', paymentPassword: '135790' } });
    return { id: res.envelope.value?.id };
  },
};

const exercised = new Set<string>();

/** A fresh simulator with every flag on, so each operation's happy path is reachable. */
async function allOnApp(): Promise<FastifyInstance> {
  const app = await testApp();
  const walk = (nodes: { modId: string; childrenNodes: unknown[] }[]) => {
    for (const n of nodes) {
      app.sim.setFlag(n.modId, true);
      walk(n.childrenNodes as never);
    }
  };
  walk(app.sim.world.whitelabel);
  for (const flag of ['MOBILEVERCODELOGIN3', 'CHNGPASSVERIF3', 'FREEPLAY3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'DIVIDEND3', 'DAILYSALARY3', 'HOURSALARY3', 'REALTIMESALARY3']) {
    app.sim.setFlag(flag, true);
  }
  // Registration SMS verification stays off: the username example registers without a phone.
  app.sim.setFlag('REGMOBVERF3', false);
  return app;
}

describe('contract: every operation answers as openapi.json says', () => {
  for (const op of operations) {
    it(`${op.operationId}: valid request → 200 matching the document; invalid → 400 envelope`, async () => {
      const app = await allOnApp();
      const access = op.spec['x-access'] as string;
      const token = access === 'public' ? '' : await login(app, access === 'agent' ? SEED.agent : SEED.player);
      const extra = (await prepare[op.operationId]?.(app, token)) ?? {};
      const request = exampleRequest(op);
      const body = request.body === undefined && Object.keys(extra).length === 0 ? undefined : { ...(request.body as Json), ...extra };
      // Invalid requests first: they must change nothing, and the valid call may end the session.
      // Invalid: the required Merchant header is missing → 400 naming it.
      const contentType = op.spec.requestBody?.content?.['application/x-www-form-urlencoded'] ? 'application/x-www-form-urlencoded' : undefined;
      const validCall = (omitHeaders: string[] = []) =>
        call(app, op.method as never, op.path, {
          query: request.query,
          headers: { ...request.headers, ...(contentType ? { 'content-type': contentType } : {}) },
          body: contentType ? new URLSearchParams(body as Record<string, string>).toString() : body,
          token: token || undefined,
          encrypted: !!op.spec['x-encrypted'],
          omitHeaders,
        });
      const bad = await validCall(['merchant']);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(validateReply(op, 400, bad.json())).toBeNull();
      expect(bad.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
      expect(JSON.stringify(bad.json().value?.fields ?? [])).toContain('headers/merchant');

      // Invalid body: an array where an object belongs, or a plaintext body on an encrypted call.
      if (op.spec.requestBody) {
        const badBody = await call(app, op.method as never, op.path, {
          query: request.query,
          headers: request.headers,
          token: token || undefined,
          body: op.spec['x-encrypted'] ? request.body : [],
        });
        expect(badBody.statusCode, badBody.body).toBe(400);
        expect(validateReply(op, 400, badBody.json())).toBeNull();
        expect(badBody.envelope.errorCode).toBe('request_param_err');
        expect(JSON.stringify(badBody.envelope.value?.fields ?? [])).toMatch(op.spec['x-encrypted'] ? /headers\/encryption/ : /body/);
      }
      const res = await validCall();
      const problem = validateReply(op, res.statusCode, res.json());
      expect(problem, `${op.operationId} reply does not match the document: ${res.body.slice(0, 400)}`).toBeNull();
      expect(res.statusCode, res.body.slice(0, 400)).toBe(200);

      exercised.add(op.operationId);
    });
  }

  it('document lists operations (sanity)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(100);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
  });
});

describe('contract coverage', () => {
  it('every operation of openapi.json was exercised', () => {
    // Runs after the describe above (vitest runs files' tests in order).
    const missing = operations.map((o) => o.operationId).filter((id) => !exercised.has(id));
    expect(missing, `operations not exercised: ${missing.join(', ')}`).toEqual([]);
  });
});
