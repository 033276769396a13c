/**
 * Route schemas are compiled on a route's first call, not when the app starts, and then behave as
 * before: a bad query is refused with the field named, a reply keeps only its schema's fields.
 */
import Ajv from 'ajv';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../server/app';
import { lazySerializerFactory, lazyValidator } from '../server/lazy-compilers';
import { call, login, SEED } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('lazy route compilers', () => {
  it("a validator compiles on its first call only, and reports the compiled one's errors", () => {
    const compile = vi.fn(() => new Ajv({ allErrors: true }).compile({ type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }));
    const validate = lazyValidator(compile);
    expect(compile).not.toHaveBeenCalled();
    expect(validate({ n: 'x' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("the simulator starts without compiling its request validators; a call compiles its own route's, and bad input is still refused with the field named", async () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const app = await buildApp();
    await app.ready();
    const atStart = compile.mock.calls.length;
    // The contract has hundreds of request schemas; at most the error envelope's check is compiled.
    expect(atStart).toBeLessThan(5);

    const token = await login(app, SEED.agent);
    const bad = await call(app, 'GET', '/wps/agent/downlines', { token, query: { pageNo: 'many' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('query/pageNo');
    expect(compile.mock.calls.length - atStart).toBeLessThan(20);
    await app.close();
  });

  it('a reply serialiser is built on its first reply: a broken response schema does not stop the start, and a working one drops fields it does not name', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } } });
    app.get('/kept', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, async () => ({ a: 'x', secret: 'y' }));
    app.get('/broken', { schema: { response: { 200: { type: 'object', properties: { a: { $ref: 'nowhere#/a' } } } } } }, async () => ({ a: 'x' }));
    await app.ready();
    const kept = await app.inject('/kept');
    expect(kept.json()).toEqual({ a: 'x' });
    expect((await app.inject('/broken')).statusCode).toBe(500);
    await app.close();
  });
});
