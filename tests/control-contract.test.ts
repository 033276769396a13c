/**
 * Contract strictness (ADR 008) for the control API: the server refuses exactly what its document
 * (GET /__sim/openapi.json) refuses. Read from the served document only, not from the server's
 * definitions: every enum value a parameter or body property lists is accepted (200), a value outside
 * an enum, pattern, maximum or maxLength answers 400 naming the field; the fault body's shapes
 * (anyOf) are each accepted as their examples give them, and each malformed variant answers 400
 * naming the field. Scenario names come from fixtures/scenarios and are listed by the document.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { scenarioNames } from '../server/sim/world';
import { controlApp, sim } from './control-app';

type Json = Record<string, unknown>;

interface DocOp {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  operationId: string;
  parameters: Json[];
  body: Json | null;
}

async function documentOf(app: FastifyInstance): Promise<{ ops: DocOp[]; doc: Json }> {
  const doc = (await app.inject({ method: 'GET', url: '/__sim/openapi.json' })).json() as Json;
  const ops: DocOp[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, o] of Object.entries(item)) {
      const content = (o.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase() as DocOp['method'],
        path: path.replace(/^\/__sim/, ''),
        operationId: String(o.operationId),
        parameters: (o.parameters ?? []) as Json[],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return { ops, doc };
}

/** The values an enum (or a union of constants) allows; null when the schema is no such list. */
function allowedValues(schema: Json): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if ('const' in schema) return [schema.const];
  const branches = ((schema.anyOf ?? []) as Json[]).map(allowedValues);
  if (branches.length && branches.every((b) => b !== null)) return branches.flat();
  return null;
}

/** Values just outside what a schema allows. */
function badValues(schema: Json): unknown[] {
  const bad: unknown[] = [];
  if (allowedValues(schema)) bad.push('NOT-IN-THE-ENUM');
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern, 'u');
    const candidate = ['!!', '', 'a'.repeat(70)].find((v) => !re.test(v));
    if (candidate !== undefined) bad.push(candidate);
  }
  if (typeof schema.maximum === 'number') bad.push(schema.maximum + 1);
  if (typeof schema.minimum === 'number') bad.push(schema.minimum - 1);
  if (typeof schema.maxLength === 'number') bad.push('x'.repeat(schema.maxLength + 1));
  return bad;
}

const fieldsOf = (res: { envelope: { value?: { fields?: { field: string }[] } } }) =>
  (res.envelope.value?.fields ?? []).map((f) => f.field);

let unique = 0;
/** A body of the operation that the server accepts: its first example, with a fresh world name. */
function baseBody(op: DocOp, schema: Json): Json {
  const example = { ...((schema.examples as Json[] | undefined)?.[0] ?? {}) };
  if (op.operationId === 'createWorld') example.name = `drift-${++unique}`;
  return example;
}

async function send(app: FastifyInstance, op: DocOp, query: Json, body: Json | undefined) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return sim(app, op.method, `${op.path}${qs ? `?${qs}` : ''}`, body);
}

describe('the control API refuses what its document refuses, and only that', () => {
  it('lists every scenario of fixtures/scenarios wherever a scenario name is taken', async () => {
    const app = await controlApp();
    const { doc } = await documentOf(app);
    const names = scenarioNames();
    expect(names).toContain('default');
    const paths = doc.paths as Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: Json } } } }>>;
    const scenarioSchema = (path: string, method: string, key: string) =>
      (paths[path]?.[method]?.requestBody?.content['application/json'].schema.properties as Json)[key] as Json;
    for (const [path, method, key] of [
      ['/__sim/scenario', 'post', 'name'],
      ['/__sim/worlds', 'post', 'scenario'],
      ['/__sim/reset', 'post', 'scenario'],
    ] as const) {
      expect(scenarioSchema(path, method, key).enum, `${method} ${path} ${key}`).toEqual(names);
    }
  });

  it('every enum value is accepted; a value outside an enum, pattern, minimum, maximum or maxLength is 400 naming the field', async () => {
    const app = await controlApp();
    const { ops } = await documentOf(app);
    let refused = 0;
    let accepted = 0;
    for (const op of ops) {
      if (op.path.includes('{') || op.operationId === 'streamJournal') continue;
      const body = op.body && !op.body.anyOf ? op.body : null;
      const probes: { where: 'query' | 'body'; name: string; schema: Json }[] = [];
      for (const p of op.parameters) if (p.in === 'query') probes.push({ where: 'query', name: String(p.name), schema: p.schema as Json });
      for (const [name, schema] of Object.entries((body?.properties ?? {}) as Record<string, Json>)) probes.push({ where: 'body', name, schema });
      for (const probe of probes) {
        const field = `${probe.where}/${probe.name}`;
        const at = (value: unknown) => {
          const query = probe.where === 'query' ? { [probe.name]: value } : {};
          const sent = body ? { ...baseBody(op, body), ...(probe.where === 'body' ? { [probe.name]: value } : {}) } : undefined;
          return send(app, op, query, sent);
        };
        for (const value of badValues(probe.schema)) {
          const res = await at(value);
          const label = `${op.operationId} ${field}=${JSON.stringify(value).slice(0, 40)}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(fieldsOf(res), label).toContain(field);
          refused += 1;
        }
        for (const value of allowedValues(probe.schema) ?? []) {
          const res = await at(value);
          expect(res.statusCode, `${op.operationId} ${field}=${String(value)} is in the document's enum: ${res.body}`).toBe(200);
          accepted += 1;
        }
      }
    }
    // Scenario names three times over, statuses, methods of the journal filters and of verify.
    expect(accepted).toBeGreaterThanOrEqual(scenarioNames().length * 3 + 6);
    expect(refused).toBeGreaterThan(30);
  });

  it('an unknown scenario answers sim.scenario.unknown naming the field, and changes nothing', async () => {
    const app = await controlApp();
    for (const [path, body, field] of [
      ['/scenario', { name: 'no-such-scenario' }, 'body/name'],
      ['/reset', { scenario: 'no-such-scenario' }, 'body/scenario'],
      ['/worlds', { name: 'drift-unknown', scenario: 'no-such-scenario' }, 'body/scenario'],
    ] as const) {
      const res = await sim(app, 'POST', path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.envelope.errorCode).toBe('sim.scenario.unknown');
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect((await sim(app, 'GET', '/state')).envelope.value.scenario.name).toBe('default');
    expect((await sim(app, 'GET', '/worlds')).envelope.value.worlds.map((w: { name: string }) => w.name)).not.toContain('drift-unknown');
  });

  it('the fault body: each shape of the document is accepted; each malformed one is 400 naming the field', async () => {
    const app = await controlApp();
    const { ops } = await documentOf(app);
    const addFault = ops.find((o) => o.operationId === 'addFault')!;
    const shapes = (addFault.body?.anyOf ?? []) as Json[];
    expect(shapes.map((s) => s.title)).toEqual(['StatusFault', 'DropFault', 'DelayFault']);
    let added = 0;
    for (const shape of shapes) {
      const label = String(shape.title);
      expect(shape.additionalProperties, label).toBe(false);
      const examples = shape.examples as Json[];
      expect(examples.length, label).toBeGreaterThan(0);
      for (const example of examples) {
        const res = await sim(app, 'POST', '/faults', example);
        expect(res.statusCode, `${label} ${JSON.stringify(example)}: ${res.body}`).toBe(200);
        added += 1;
      }
      const base = examples[0]!;
      const properties = shape.properties as Record<string, Json>;
      // Each required property missing.
      for (const name of shape.required as string[]) {
        const { [name]: _gone, ...rest } = base;
        if (Object.keys(rest).length === 0) continue;
        const res = await sim(app, 'POST', '/faults', rest);
        expect(res.statusCode, `${label} without ${name}: ${res.body}`).toBe(400);
        // Without its defining property a body is another shape or none: it names that property or the body.
        expect(fieldsOf(res).some((f) => f === `body/${name}` || f === 'body'), `${label} without ${name}: ${res.body}`).toBe(true);
      }
      // A property no shape has.
      const extra = await sim(app, 'POST', '/faults', { ...base, colour: 'red' });
      expect(extra.statusCode).toBe(400);
      expect(fieldsOf(extra)).toEqual(['body/colour']);
      // Each property's bad values, and a wrong type.
      for (const [name, schema] of Object.entries(properties)) {
        const values = [...badValues(schema), ...(schema.type === 'integer' ? ['7'] : schema.type === 'string' ? [7] : [])];
        for (const value of values) {
          const res = await sim(app, 'POST', '/faults', { ...base, [name]: value });
          const what = `${label} ${name}=${JSON.stringify(value).slice(0, 30)}`;
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          expect(res.envelope.errorCode, what).toBe('request_param_err');
          expect(fieldsOf(res), `${what}: ${res.body}`).toContain(`body/${name}`);
        }
      }
    }
    // drop: false is no DropFault (a body with nothing else is no fault); drop: true is no StatusFault.
    const notDropped = await sim(app, 'POST', '/faults', { path: '/x', drop: false, delayMs: 0 });
    expect(fieldsOf(notDropped), notDropped.body).toEqual(['body/delayMs']);
    // Shapes mixed: errorCode without a status, a dropped call with a status.
    const noStatus = await sim(app, 'POST', '/faults', { path: '/x', errorCode: 'boom', delayMs: 5 });
    expect(fieldsOf(noStatus)).toEqual(['body/status']);
    const dropStatus = await sim(app, 'POST', '/faults', { path: '/x', drop: true, status: 500 });
    expect(fieldsOf(dropStatus)).toEqual(['body/drop']);
    // No effect at all.
    for (const body of [{ path: '/x' }, { path: '/x', times: 3 }, { path: '/x', drop: false, times: 2 }]) {
      const res = await sim(app, 'POST', '/faults', body);
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errorCode).toBe('sim.fault.empty');
      expect(fieldsOf(res)).toEqual(['body']);
    }
    for (const body of [null, [], 'fault']) {
      const res = await app.inject({ method: 'POST', url: '/__sim/faults', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, res.body).toBe(400);
    }
    // Only the accepted ones are in force.
    expect((await sim(app, 'GET', '/faults')).envelope.value).toHaveLength(added);
  });
});
