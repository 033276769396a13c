// @vitest-environment happy-dom
/**
 * A simulator started with a control token (ADR 023): the sandbox bar's calls answer 401 until the
 * tester gives the token, which is asked for once and kept for the tab (sessionStorage).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ControlApiError, controlApi, eventsUrl, journalStreamUrl, setTokenPrompt } from './control-api';
import { hasControlApi } from './probe';

const TOKEN = 'qa-token-1';
const sent: (string | null)[] = [];

beforeEach(() => {
  sessionStorage.clear();
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: string, init?: RequestInit) => {
      const token = new Headers(init?.headers).get('X-Sim-Control-Token');
      sent.push(token);
      const json = { 'content-type': 'application/json' };
      if (token !== TOKEN) {
        return Promise.resolve(new Response(JSON.stringify({ success: false, errorCode: 'sim.control.token', message: 'The control API needs its token' }), { status: 401, headers: json }));
      }
      return Promise.resolve(new Response(JSON.stringify({ success: true, value: { world: 'default' } }), { headers: json }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the control token in the sandbox bar', () => {
  it('asks once on a 401, retries with the token, and keeps it for the tab', async () => {
    const prompt = vi.fn(() => ` ${TOKEN} `);
    setTokenPrompt(prompt);
    expect(await controlApi.state()).toEqual({ world: 'default' });
    expect(sent).toEqual([null, TOKEN]);
    expect(await controlApi.flags()).toEqual({ world: 'default' });
    expect(sent).toEqual([null, TOKEN, TOKEN]);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('simControlToken')).toBe(TOKEN);
    // EventSource cannot send headers: the streams carry it in the query.
    expect(journalStreamUrl(5)).toBe(`/__sim/journal/stream?since=5&control_token=${TOKEN}`);
    expect(eventsUrl()).toBe(`/__sim/events?control_token=${TOKEN}`);
  });

  it('a wrong token is not kept, and a cancelled prompt gives the refusal', async () => {
    setTokenPrompt(() => 'wrong');
    await expect(controlApi.state()).rejects.toMatchObject({ errorCode: 'sim.control.token' });
    expect(sessionStorage.getItem('simControlToken')).toBeNull();
    setTokenPrompt(() => null);
    const refusal = await controlApi.state().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ControlApiError);
    expect(eventsUrl()).toBe('/__sim/events');
  });

  it('the bar still appears on a simulator that wants a token', async () => {
    expect(await hasControlApi()).toBe(true);
  });
});
