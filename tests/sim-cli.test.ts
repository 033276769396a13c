/**
 * The QA CLI (`npm run sim -- …`) against a real listening simulator: every command's output and
 * effect, usage errors (exit 2), refusals (exit 1) and an unreachable server (exit 3). Most runs
 * call main() in-process; a few spawn the script as npm would, to check the entry point.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EXIT, main, parseDuration } from '../scripts/sim-cli';
import { controlApp } from './control-app';
import { call } from './helpers';

const exec = promisify(execFile);

async function server(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await controlApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function cli(url: string | null, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(url ? [...args, '--url', url] : args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * A port nothing listens on and no test's server can take while a test runs: the servers here take
 * ports the system hands out (above 1024), and one found free a moment ago can be handed out again.
 * Below 1024 and not on fetch's list of refused ports.
 */
const UNREACHABLE_PORT = 1023;

describe('sim CLI in-process', () => {
  it("README's example: sms last 03001234567 finds the code sent to the +92 seed number, typed in any form", async () => {
    const { app, url } = await server();
    await cli(url, 'scenario', 'sms-login');
    const sent = await call(app, 'POST', '/wps/verification/sms/login', {
      body: { countryDialingCode: '+92', mobileNum: '03001234567' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = app.sim.sms.last()!.code;
    for (const typed of ['03001234567', '3001234567', '+923001234567', '+92 300 123 4567']) {
      const last = await cli(url, 'sms', 'last', typed);
      expect(last.code, typed).toBe(0);
      expect(last.out.split('\n')[0], typed).toBe(`code ${code}`);
    }
  });


  it('status, scenario, scenarios, flags', async () => {
    const { app, url } = await server();
    expect(await cli(url, 'status')).toMatchObject({ code: 0, out: 'status normal (0)' });
    const set = await cli(url, 'status', 'maintenance');
    expect(set).toMatchObject({ code: 0, out: 'status maintenance (1)' });
    expect(app.sim.systemStatus).toBe(1);
    expect((await call(app, 'GET', '/wps/member/info', { token: 'x' })).statusCode).toBe(503);
    await cli(url, 'status', 'region-restricted');
    expect(app.sim.systemStatus).toBe(2);

    const scenarios = await cli(url, 'scenarios');
    expect(scenarios.code).toBe(0);
    expect(scenarios.out).toMatch(/^default\s+\S/m);
    expect(scenarios.out).toMatch(/^maintenance\s+\S/m);
    expect((await cli(url, 'scenario')).out).toMatch(/^scenario default - /);
    expect((await cli(url, 'scenario', 'agent')).out).toMatch(/^scenario agent - /);
    expect(app.sim.scenario.name).toBe('agent');

    const flag = await cli(url, 'flag', 'CBS3', 'off');
    expect(flag).toMatchObject({ code: 0, out: 'CBS3 off' });
    expect(app.sim.flag('CBS3')).toBe(false);
    expect((await cli(url, 'flag', 'BRANDNEW3', 'on')).out).toBe('BRANDNEW3 on');
    const flags = await cli(url, 'flags');
    expect(flags.out).toMatch(/^ {2}CBS3\s+off$/m);
    expect(flags.out).toMatch(/^BRANDNEW3\s+on$/m);

    const state = await cli(url, 'state');
    expect(state.out).toContain('scenario  agent');
    expect(state.out).toMatch(/counts\s+\d+ accounts/);
  });

  it('sms, captcha, clock', async () => {
    const { app, url } = await server();
    const none = await cli(url, 'sms', 'last');
    expect(none.code).toBe(EXIT.refused);
    expect(none.err).toMatch(/Refused \(404 sim.not.found\)/);
    await call(app, 'POST', '/wps/verification/sms/register', {
      body: { countryDialingCode: '+92', mobileNo: '03111234567' },
    });
    const code = app.sim.sms.last()!.code;
    const last = await cli(url, 'sms', 'last', '03111234567');
    expect(last.code).toBe(0);
    expect(last.out.split('\n')[0]).toBe(`code ${code}`);
    expect((await cli(url, 'sms', 'outbox')).out).toContain(
      `+92 03111234567 [register] code ${code}`,
    );

    // A phone number is accepted in whatever form QA types it.
    for (const typed of ['3111234567', '+92 311 1234567', '923111234567', '+923111234567', '0092 311 123 4567']) {
      const found = await cli(url, 'sms', 'last', typed);
      expect(found.code, typed).toBe(0);
      expect(found.out.split('\n')[0], typed).toBe(`code ${code}`);
      expect((await cli(url, 'sms', 'outbox', typed)).out, typed).toContain(`code ${code}`);
    }
    expect((await cli(url, 'sms', 'last', '3119999999')).code).toBe(EXIT.refused);

    await call(app, 'GET', '/wps/captcha');
    const captcha = await cli(url, 'captcha');
    expect(captcha.out.split('\n')[0]).toBe(`answer ${app.sim.captcha.lastAnswer}`);

    const advanced = await cli(url, 'clock', 'advance', '5m');
    expect(advanced).toMatchObject({ code: 0 });
    expect(advanced.out).toMatch(/offset \+5m\)$/);
    expect(app.sim.clock.offset).toBe(300_000);
    await cli(url, 'clock', 'advance', '2h');
    expect(app.sim.clock.offset).toBe(300_000 + 7_200_000);
    expect((await cli(url, 'clock', 'reset')).out).toMatch(/real time/);
    expect(app.sim.clock.offset).toBe(0);
  });

  it('faults, latency, snapshots, reset', async () => {
    const { app, url } = await server();
    const added = await cli(
      url,
      'fault',
      'add',
      '/wps/system/status',
      '--status',
      '503',
      '--times',
      '2',
    );
    expect(added.code).toBe(0);
    expect(added.out).toBe(
      'fault added #1 ANY /wps/system/status -> status 503 (2 more times, hit 0)',
    );
    expect((await call(app, 'GET', '/wps/system/status')).statusCode).toBe(503);
    expect((await cli(url, 'fault', 'list')).out).toContain('(1 more time, hit 1)');
    await cli(url, 'fault', 'add', 'getCaptcha', '--delay', '10', '--method', 'get');
    await cli(url, 'fault', 'add', '/wps/x', '--drop');
    expect((await cli(url, 'faults')).out.split('\n')).toHaveLength(3);
    expect((await cli(url, 'fault', 'clear')).out).toBe('3 faults removed');
    expect((await cli(url, 'fault', 'list')).out).toBe('(no faults)');

    expect((await cli(url, 'latency', '40')).out).toBe('latency 40 ms on every call');
    expect((await cli(url, 'latency', '0')).out).toBe('latency off');

    const balance = app.sim.ledger.balance('player01');
    expect((await cli(url, 'snapshot', 'cli-snap')).out).toMatch(
      /^snapshot cli-snap saved \(default, /,
    );
    app.sim.ledger.post('player01', 'deposit', 75, 'x', app.sim.now());
    expect((await cli(url, 'restore', 'cli-snap')).out).toMatch(/^restored cli-snap/);
    expect(app.sim.ledger.balance('player01')).toBe(balance);
    expect((await cli(url, 'snapshots')).out).toMatch(/^cli-snap {2}default {2}/);

    await cli(url, 'status', 'maintenance');
    const reset = await cli(url, 'reset');
    expect(reset.out.split('\n')[0]).toBe('reset done');
    expect(app.sim.systemStatus).toBe(0);
    expect((await cli(url, 'reset', 'maintenance')).out).toContain('status    maintenance (1)');
  });

  it('--json prints the raw value', async () => {
    const { url } = await server();
    const res = await cli(url, 'flags', '--json');
    const flags = JSON.parse(res.out) as { modId: string }[];
    expect(flags.some((f) => f.modId === 'CBS3')).toBe(true);
    expect(JSON.parse((await cli(url, 'status', '--json')).out)).toEqual({
      status: 0,
      statusName: 'normal',
    });
  });

  it('refusals exit 1 with the server’s message and fields', async () => {
    const { url } = await server();
    const scenario = await cli(url, 'scenario', 'no-such-one');
    expect(scenario.code).toBe(EXIT.refused);
    expect(scenario.err).toMatch(
      /Refused \(400 sim.scenario.unknown\): Unknown scenario "no-such-one"/,
    );
    expect(scenario.err).toContain('body/name');
    const restore = await cli(url, 'restore', 'never');
    expect(restore.code).toBe(EXIT.refused);
    expect(restore.err).toContain('sim.snapshot.unknown');
    const fault = await cli(url, 'fault', 'add', '/x', '--status', '200');
    expect(fault.code).toBe(EXIT.refused);
    expect(fault.err).toContain('body/status');
  });

  it('usage errors exit 2 with the help text', async () => {
    const { url } = await server();
    for (const args of [
      ['bogus'],
      [],
      ['flag', 'CBS3', 'maybe'],
      ['flag'],
      ['status', 'closed'],
      ['clock', 'advance', '5x'],
      ['clock', 'advance'],
      ['clock', 'rewind'],
      ['sms', 'first'],
      ['fault', 'add'],
      ['fault', 'add', '/x', '--status', 'abc'],
      ['fault', 'add', '/x', '--status'],
      ['latency', 'fast'],
      ['snapshot'],
      ['restore'],
      ['scenarios', 'extra'],
      ['state', '--colour'],
    ]) {
      const res = await cli(url, ...args);
      expect(res.code, args.join(' ')).toBe(EXIT.usage);
      expect(res.err, args.join(' ')).toContain('Usage: npm run sim -- <command>');
    }
    expect(await cli(null, 'help')).toMatchObject({
      code: 0,
      out: expect.stringContaining('fault add <path>'),
    });
  });

  it('an unreachable server exits 3 with a clear message', async () => {
    const port = UNREACHABLE_PORT;
    const res = await cli(`http://127.0.0.1:${port}`, 'state');
    expect(res.code).toBe(EXIT.unreachable);
    expect(res.err).toContain(`Cannot reach the simulator at http://127.0.0.1:${port}`);
    expect(res.err).toContain('ECONNREFUSED');
  });

  it('finds the server from SIM_URL, then PORT', async () => {
    const { url } = await server();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await main(['status'], { ...io, env: { SIM_URL: url, PORT: '1' } })).toBe(0);
    expect(out).toEqual(['status normal (0)']);
    const port = UNREACHABLE_PORT;
    expect(await main(['status'], { ...io, env: { PORT: String(port) } })).toBe(EXIT.unreachable);
    expect(err.join('\n')).toContain(`http://localhost:${port}`);
  });

  it('parses durations', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('-1m')).toBe(-60_000);
    expect(() => parseDuration('soon')).toThrow(/Not a duration/);
  });
});

describe('sim CLI as a process', () => {
  // As `npm run sim` runs it (the package's `tsx` bin), without npm's own start in front.
  const run = (args: string[], env: Record<string, string> = {}) =>
    exec('node_modules/.bin/tsx', ['scripts/sim-cli.ts', ...args], { env: { ...process.env, ...env } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('runs a command against SIM_URL and exits 0', async () => {
    const { app, url } = await server();
    const res = await run(['status', 'maintenance'], { SIM_URL: url });
    expect(res.stdout.trim()).toBe('status maintenance (1)');
    expect(res.code).toBe(0);
    expect(app.sim.systemStatus).toBe(1);
  }, 60_000);

  it('exits 2 on an unknown command and 3 when the server is down', async () => {
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
    expect(unknown.stderr).toContain('Usage: npm run sim -- <command>');
    const down = await run(['state', '--url', `http://127.0.0.1:${UNREACHABLE_PORT}`]);
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('Cannot reach the simulator');
  }, 60_000);
});
