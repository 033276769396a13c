/** Bad input that never reaches a route handler still gets the error envelope, never a crash. */
import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers';

describe('requests refused before the handler', () => {
  it('a malformed percent-escape in the path: 400 envelope', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/wps/system/status%ff', headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
  });

  it('Infinity in an integer query parameter: 400 naming it, not a 500', async () => {
    const app = await testApp();
    const token = await login(app);
    for (const value of ['Infinity', '1e309', '-Infinity']) {
      const res = await call(app, 'GET', '/wps/record/account', { token, query: { pageNo: value, pageSize: 20 } });
      expect(res.statusCode, value).toBe(400);
      expect(res.envelope.value.fields[0].field).toBe('query/pageNo');
    }
  });

  it('a body of an unsupported content type: 415 naming the content type', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { merchant: 'DEMO', 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().value.fields[0].field).toBe('headers/content-type');
  });

  it('a body over the limit: 400, not a dropped connection', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: 'x'.repeat(9 * 1024 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
  });
});
