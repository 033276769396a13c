/** The committed contract files are what `npm run gen` makes now, and the document lints clean. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodesOf, errorRegistry, type ErrorScope } from '../openapi/errors';
import { operationList } from '../openapi/operations';
import { CONTROL_TYPES_PATH, DOC_PATH, ERROR_CODES_PATH, generate, META_PATH, TYPES_PATH } from '../scripts/gen';

describe('generated contract files', () => {
  it('openapi.json, schema.d.ts and operation-meta.ts are not stale (run npm run gen)', async () => {
    const fresh = await generate();
    expect(readFileSync(DOC_PATH, 'utf8') === fresh.doc, 'openapi/openapi.json is stale: run npm run gen').toBe(true);
    expect(readFileSync(TYPES_PATH, 'utf8') === fresh.types, 'web/src/api/schema.d.ts is stale: run npm run gen').toBe(true);
    expect(readFileSync(META_PATH, 'utf8') === fresh.meta, 'web/src/api/operation-meta.ts is stale: run npm run gen').toBe(true);
    expect(readFileSync(ERROR_CODES_PATH, 'utf8') === fresh.errorCodes, 'web/src/api/error-codes.ts is stale: run npm run gen').toBe(true);
    expect(readFileSync(CONTROL_TYPES_PATH, 'utf8') === fresh.controlTypes, 'packages/sandbox-kit/src/control-schema.ts is stale: run npm run gen').toBe(true);
  });

  it('lists the error registry codes of every operation under x-error-codes', () => {
    const doc = JSON.parse(readFileSync(DOC_PATH, 'utf8'));
    const login = doc.paths['/wps/session/login'].post['x-error-codes'] as string[];
    expect(login).toEqual(expect.arrayContaining(['request_param_err', 'login.password.incorrect', 'captcha-check-failed', 'system.maintenance']));
    expect(login).not.toContain('login.not.session');
    expect(doc.paths['/wps/system/status'].get['x-error-codes']).not.toContain('system.maintenance');
    for (const op of operationList) {
      const codes = doc.paths[op.path][op.method.toLowerCase()]['x-error-codes'] as string[];
      expect(codes, op.operationId).toEqual(errorCodesOf(op));
      if (op.access === 'agent') expect(codes, op.operationId).toContain('agent.not.agent');
    }
    expect(Object.keys(doc['x-error-registry'])).toEqual(Object.keys(errorRegistry));
  });

  it('names only operations that exist in the error registry', () => {
    const ids = new Set(operationList.map((op) => op.operationId));
    for (const [code, entry] of Object.entries(errorRegistry)) {
      const scope: ErrorScope = entry.scope;
      for (const id of [...(scope.operations ?? []), ...(scope.except ?? [])]) expect(ids.has(id), `${code}: ${id}`).toBe(true);
    }
  });

  it('marks inferred paths and declares the error envelope on every operation', () => {
    const doc = JSON.parse(readFileSync(DOC_PATH, 'utf8'));
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Record<string, unknown>>));
    for (const op of ops as Record<string, any>[]) { // eslint-disable-line @typescript-eslint/no-explicit-any -- document walk
      expect(op.operationId).toBeTruthy();
      expect(op['x-module-id']).toMatch(/^[A-Z0-9]+$/);
      expect(op.responses['400']).toEqual({ $ref: '#/components/responses/Error' });
      expect(op.responses['200'].content['application/json'].schema.properties.success.const).toBe(true);
    }
    expect(ops.filter((o: any) => o['x-inferred']).length).toBeGreaterThan(0); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(doc.paths['/wps/session/login'].post['x-encrypted']).toBe(true);
    expect(doc.paths['/wps/session/login'].post['x-inferred']).toBeUndefined();
  });
});
