/** The error registry (openapi/errors.ts) is the only source of codes the server's helpers take. */
import { describe, expect, it } from 'vitest';
import { errorCodesOf, errorRegistry, gatewayModeErrors } from '../openapi/errors';
import { apiError, ApiError, forbidden, refused } from '../server/errors';

describe('error registry', () => {
  it('gives apiError the registry status and English default', () => {
    const err = apiError('login.not.session');
    expect(err.statusCode).toBe(401);
    expect(err.toEnvelope()).toEqual({ success: false, errorCode: 'login.not.session', message: 'Not logged in, please log in' });
    expect(apiError('too-many-requests', 'wait', { retryAfterSeconds: 3 }).toEnvelope().value).toEqual({ retryAfterSeconds: 3 });
  });

  it('refuses codes outside the registry at compile time', () => {
    // @ts-expect-error not a registry code
    expect(refused('no.such.code', 'x')).toBeInstanceOf(ApiError);
    // @ts-expect-error not a registry code
    expect(forbidden('nope', 'x')).toBeInstanceOf(ApiError);
    // @ts-expect-error not a registry code
    expect(new ApiError(400, 'made-up', 'x')).toBeInstanceOf(ApiError);
  });

  it('matches scope rules against an operation', () => {
    const status = errorCodesOf({ operationId: 'getSystemStatus', access: 'public' });
    expect(status).not.toContain('system.maintenance');
    expect(status).toContain('request_param_err');
    const agentCall = errorCodesOf({ operationId: 'getTeamOverview', access: 'agent' });
    expect(agentCall).toEqual(expect.arrayContaining(['login.not.session', 'agent.not.agent', 'system.maintenance']));
    expect(agentCall).not.toContain('in_need_true_account');
  });

  it("gives gateway mode's own codes their 502 or 504 and an English message, and apiError that status", () => {
    for (const [code, entry] of Object.entries(gatewayModeErrors)) {
      expect(entry.message.trim(), code).not.toBe('');
      expect([502, 504]).toContain(entry.status);
    }
    expect(apiError('gateway.timeout').statusCode).toBe(504);
    expect(apiError('sim.state.unwritable').toEnvelope()).toEqual({ success: false, errorCode: 'sim.state.unwritable', message: 'The change could not be saved' });
  });

  it('has a status and an English message for every code', () => {
    for (const [code, entry] of Object.entries(errorRegistry)) {
      expect(entry.message.trim(), code).not.toBe('');
      expect([400, 401, 403, 404, 405, 409, 410, 415, 429, 500, 503]).toContain(entry.status);
    }
  });
});
