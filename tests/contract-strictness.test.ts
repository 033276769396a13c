/**
 * Contract strictness (ADR 008): the server refuses exactly what openapi.json refuses. For every operation, a value
 * outside a parameter's or top-level body property's enum, pattern, maximum or maxLength in the
 * document answers 400 naming that field, and each value of an enum the document allows is not refused
 * for that field; so the document and the server cannot drift apart again. Read from the committed
 * document only (tests/doc.ts), not from the server's definitions.
 */
import { describe, expect, it } from 'vitest';
import { bodySchema, exampleRequest, operations, resolve, type Json } from './doc';
import { call, login, SEED, testApp } from './helpers';

interface Probe {
  where: 'query' | 'body';
  name: string;
  bad: unknown[];
  good: unknown[];
}

/** Values just outside what a schema allows, and the enum values it allows. */
function probesOf(where: 'query' | 'body', name: string, raw: Json): Probe | null {
  const schema = resolve(raw);
  const bad: unknown[] = [];
  const good: unknown[] = [];
  if (Array.isArray(schema.enum)) {
    bad.push('NOT-IN-THE-ENUM');
    good.push(...(schema.enum as unknown[]));
  }
  const literals = ((schema.anyOf ?? []) as Json[]).filter((s) => s.const !== undefined).map((s) => s.const as unknown);
  if (literals.length && literals.length === (schema.anyOf as Json[]).length) {
    bad.push('NOT-IN-THE-ENUM');
    good.push(...literals);
  }
  if (typeof schema.pattern === 'string') {
    const candidate = ['!!', '', 'a'.repeat(70)].find((v) => !new RegExp(schema.pattern as string, 'u').test(v));
    if (candidate !== undefined) bad.push(candidate);
  }
  if (typeof schema.maximum === 'number') bad.push(schema.maximum + 1 === schema.maximum ? schema.maximum * 2 : schema.maximum + 1);
  if (typeof schema.maxLength === 'number') bad.push('x'.repeat(schema.maxLength + 1));
  return bad.length ? { where, name, bad, good } : null;
}

const asQuery = (v: unknown) => (typeof v === 'number' && !Number.isSafeInteger(v) ? BigInt(v).toString() : String(v));

describe('the server refuses what the document refuses, and only that', () => {
  it('every enum, pattern, maximum and maxLength of every operation', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const player = await login(app);
    const agent = await login(app, SEED.agent);
    let checked = 0;
    for (const op of operations) {
      const base = exampleRequest(op);
      const token = op.access === 'public' ? undefined : op.access === 'agent' ? agent : player;
      const probes: Probe[] = [];
      for (const p of (op.spec.parameters ?? []) as Json[]) {
        if (p.in !== 'query') continue;
        const probe = probesOf('query', String(p.name), p.schema as Json);
        if (probe) probes.push(probe);
      }
      const body = bodySchema(op);
      for (const [name, prop] of Object.entries((body?.properties ?? {}) as Json)) {
        const probe = probesOf('body', name, prop as Json);
        if (probe) probes.push(probe);
      }
      const send = (where: 'query' | 'body', name: string, value: unknown) => {
        const query = where === 'query' ? { ...base.query, [name]: asQuery(value) } : base.query;
        const sent = where === 'body' ? { ...((base.body ?? {}) as Json), [name]: value } : base.body;
        return call(app, op.method, op.path, { query, body: sent, headers: base.headers, token, encrypted: op.encrypted });
      };
      for (const probe of probes) {
        const field = `${probe.where}/${probe.name}`;
        for (const value of probe.bad) {
          const res = await send(probe.where, probe.name, value);
          const fields = ((res.envelope.value?.fields ?? []) as { field: string }[]).map((f) => f.field);
          expect(res.statusCode, `${op.operationId} ${field}=${String(value).slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(fields, `${op.operationId} ${field}=${String(value).slice(0, 40)}`).toContain(field);
          checked += 1;
        }
        for (const value of probe.good) {
          const res = await send(probe.where, probe.name, value);
          const fields = ((res.envelope.value?.fields ?? []) as { field: string }[]).map((f) => f.field);
          expect(fields, `${op.operationId} ${field}=${String(value)} is allowed by the document: ${res.body.slice(0, 200)}`).not.toContain(field);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('the betting view needs gameCode, as the document says', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/lgw/games/lobby/launch', { token, body: { view: 'betting' } });
    expect(res.statusCode).toBe(400);
    expect((res.envelope.value.fields as { field: string }[]).map((f) => f.field)).toEqual(['body/gameCode']);
    const op = operations.find((o) => o.operationId === 'launchLotteryLobby');
    expect(bodySchema(op!)?.then).toEqual({ required: ['gameCode'] });
  });
});

describe('the mobile-number pattern', () => {
  it("is the simulator's own check: the same numbers pass both", async () => {
    const { MOBILE_NUMBER_PATTERN } = await import('../openapi/constants');
    const { checkMobile } = await import('../server/sim/sms');
    const pattern = new RegExp(MOBILE_NUMBER_PATTERN, 'u');
    const samples = [
      '03001234567', '0300 123 4567', '0300-123-4567', ' 0300123 ', '1234567', '123456', '123456789012345',
      '1234567890123456', '   ', '', '-', '0300+1234567', 'abc', '0311-ABC', '12 34 56 7', '1\t2345678', '１２３４５６７',
    ];
    for (const sample of samples) {
      let accepted = true;
      try {
        checkMobile(sample);
      } catch {
        accepted = false;
      }
      expect(pattern.test(sample), JSON.stringify(sample)).toBe(accepted);
    }
  });

  it('a number the pattern refuses answers the phone-verification codes on every call that takes one', async () => {
    const app = await testApp();
    app.sim.setFlag('CHNGPASSVERIF3', true);
    const calls = [
      ['/wps/verification/sms/register', { countryDialingCode: '+92', mobileNo: 'abc' }, 'body/mobileNo'],
      ['/wps/verification/sms/noLogin', { countryDialingCode: '+92', mobileNum: '12-34' }, 'body/mobileNum'],
    ] as const;
    for (const [path, body, field] of calls) {
      const res = await call(app, 'POST', path, { body });
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errorCode).toBe('invalid-phone-number');
      expect(((res.envelope.value?.fields ?? []) as { field: string }[]).map((f) => f.field)).toEqual([field]);
    }
    const blank = await call(app, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+92', mobileNum: ' - ' } });
    expect(blank.envelope.errorCode).toBe('missing-phone-number');
    const doc = operations.find((o) => o.operationId === 'sendForgotSms');
    expect((bodySchema(doc!)?.properties as Json).mobileNum).toMatchObject({ pattern: expect.any(String) });
  });
});

describe('paging', () => {
  it('every pageNo of the document stops at MAX_PAGE_NO, as the server does', async () => {
    const { MAX_PAGE_NO } = await import('../openapi/common');
    const paged = operations.flatMap((op) =>
      ((op.spec.parameters ?? []) as Json[]).filter((p) => p.in === 'query' && p.name === 'pageNo').map((p) => ({ op: op.operationId, schema: resolve(p.schema as Json) })),
    );
    expect(paged.length).toBeGreaterThan(10);
    for (const { op, schema } of paged) expect(schema.maximum, op).toBe(MAX_PAGE_NO);
  });
});
