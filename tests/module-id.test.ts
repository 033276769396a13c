/**
 * ModuleId check (ADR 008): every operation refuses a ModuleId other than its own or its
 * alternates with 400 request_param_err naming headers/moduleid, accepts its own and its alternates,
 * and accepts a call without the header; the document says the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationList } from '../openapi/operations';
import { call, testApp } from './helpers';

interface DocParam { name: string; in: string; required?: boolean; schema: { enum?: string[] } }
const doc = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; parameters: DocParam[] }>>;
};

describe('ModuleId', () => {
  it('another modID is refused on every operation, before the session or the body is looked at', async () => {
    const app = await testApp();
    for (const op of operationList) {
      const res = await call(app, op.method, op.path, { headers: { moduleid: 'NOT-A-MODULE3' } });
      expect(res.statusCode, op.operationId).toBe(400);
      expect(res.envelope.errorCode, op.operationId).toBe('request_param_err');
      expect(res.envelope.value.fields, op.operationId).toEqual([{ field: 'headers/moduleid', message: expect.stringContaining(op.moduleId) as unknown }]);
    }
  });

  it('its own modID, an alternate and no header at all are accepted', async () => {
    const app = await testApp({ scenario: 'mobile-registration' });
    const body = { mobileNo: '03119876543', countryDialingCode: '+92' };
    const path = '/wps/verification/sms/register';
    for (const moduleid of ['USERNAMEREG3', 'MOBILENUMREG3', undefined]) {
      app.sim.clock.advance(10 * 60_000);
      const res = await call(app, 'POST', path, { body, headers: moduleid ? { moduleid } : {} });
      expect(res.statusCode, `${moduleid ?? 'none'}: ${res.body}`).toBe(200);
    }
    const rsa = await call(app, 'GET', '/wps/session/key/rsa', { headers: { moduleid: 'RSAKEY3' } });
    expect(rsa.statusCode).toBe(200);
  });

  it('the document declares the header optional with exactly the accepted values', () => {
    for (const op of operationList) {
      const operation = doc.paths[op.path]?.[op.method.toLowerCase()];
      const param = operation?.parameters.find((p) => p.in === 'header' && p.name === 'ModuleId');
      expect(param?.required, op.operationId).toBe(false);
      expect(param?.schema.enum, op.operationId).toEqual([op.moduleId, ...(op.altModuleIds ?? [])]);
    }
  });
});
