/**
 * Contract strictness (ADR 008): an encrypted operation's plaintext meets its schema exactly as a plain body would
 * (required properties, types, lengths), and no schema both requires a property and defaults it (the
 * server fills the default, so the document must not call it required).
 */
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { operationList } from '../openapi/operations';
import { call, login, testApp } from './helpers';

interface ObjectSchema {
  type?: string;
  properties?: Record<string, { maxLength?: number; type?: string; default?: unknown } & Record<string, unknown>>;
  required?: string[];
}

const encrypted = operationList.filter((op) => op.encrypted && op.body);

describe('encrypted plaintext against its schema', () => {
  it('covers every encrypted operation', () => {
    expect(encrypted.map((op) => op.operationId).sort().length).toBeGreaterThanOrEqual(6);
  });

  it('no request schema requires a property it also defaults', () => {
    const found: string[] = [];
    const walk = (s: unknown, where: string) => {
      if (!s || typeof s !== 'object') return;
      const o = s as ObjectSchema & { anyOf?: unknown[]; items?: unknown };
      for (const [k, v] of Object.entries(o.properties ?? {})) {
        if ('default' in v && o.required?.includes(k)) found.push(`${where}/${k}`);
        walk(v, `${where}/${k}`);
      }
      for (const x of o.anyOf ?? []) walk(x, where);
      walk(o.items, `${where}[]`);
    };
    for (const op of operationList) {
      walk(op.body as TSchema | undefined, `${op.operationId} body`);
      walk(op.query as TSchema | undefined, `${op.operationId} query`);
    }
    expect(found).toEqual([]);
  });

  it('an empty plaintext names every required property; an over-long or mistyped value names its field', async () => {
    const app = await testApp();
    const token = await login(app);
    for (const op of encrypted) {
      const schema = op.body as unknown as ObjectSchema;
      const send = (body: unknown) => call(app, op.method, op.path, { encrypted: true, body, token: op.access === 'public' ? undefined : token });
      const before = app.sim.accounts.size;

      const empty = await send({});
      const required = schema.required ?? [];
      if (required.length) {
        expect(empty.statusCode, op.operationId).toBe(400);
        const fields = (empty.envelope.value.fields as { field: string }[]).map((f) => f.field).sort();
        expect(fields, op.operationId).toEqual(required.map((r) => `body/${r}`).sort());
      }

      const notObject = await send(['x']);
      expect(notObject.statusCode, op.operationId).toBe(400);
      expect(notObject.envelope.errorCode).toBe('request_param_err');

      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        const value = prop.type === 'string' && prop.maxLength ? 'x'.repeat(prop.maxLength + 1) : prop.type === 'string' ? 12345 : 'not-a-number';
        const res = await send({ [name]: value });
        expect(res.statusCode, `${op.operationId} ${name}`).toBe(400);
        const fields = (res.envelope.value?.fields as { field: string }[] | undefined)?.map((f) => f.field) ?? [];
        expect(fields, `${op.operationId} ${name}`).toContain(`body/${name}`);
      }
      expect(app.sim.accounts.size, op.operationId).toBe(before);
    }
  });

  it('a login plaintext without type is a username login, as the document says', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { username: 'player01', password: 'Passw0rd!' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
