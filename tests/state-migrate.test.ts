/**
 * Converting a state directory of format 1 (docs/decisions/031-rewind-and-format-1-migration.md):
 * the fixture tests/fixtures/state-format-1 was written by the old persistence; a server refuses it
 * naming `npm run sim -- state migrate DIR`, that command converts it, and the converted worlds hold
 * the old accounts, balances, sessions, ledger, flags, status and clock. Parts without a table are
 * reported, never dropped silently.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../scripts/sim-cli';
import { openStateDir } from '../server/sim/state-dir';
import { migrateStateDir } from '../server/sim/state-migrate';
import { call, testApp } from './helpers';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'state-format-1');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The fixture's sessions were written with a two-hour life on the clock of the day it was made: the
 * converted worlds are read at a time within that life (a minute after the sessions began), so the
 * test does not expire with the calendar. Only `Date` is faked; timers run as usual.
 */
const FIXTURE_WRITTEN_AT = 1_795_789_990_519 + 60_000;
afterEach(() => {
  vi.useRealTimers();
});

function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-format1-'));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** The session token the old file holds for an account. */
function oldToken(dir: string, world: string, account: string): string {
  const text = readFileSync(join(FIXTURE, 'worlds', world === 'default' ? 'default.snapshot.json' : `${world}.log`), 'utf8');
  const match = new RegExp(`"f:sessions\\.sessions#\\\\"(\\w+)\\\\"":\\{"token":"\\w+","account":"${account}"`).exec(text);
  if (!match?.[1]) throw new Error(`no session of ${account} in the fixture of ${dir}`);
  return match[1];
}

describe('a state directory of format 1', () => {
  it('is refused at start with the command that converts it', () => {
    const dir = copyOfFixture();
    expect(() => openStateDir(dir, { report: () => {} })).toThrow(`npm run sim -- state migrate ${dir}`);
  });

  it('is converted by `state migrate`: accounts, balances, sessions, ledger, flags, status and clock come back', async () => {
    const dir = copyOfFixture();
    const out: string[] = [];
    const code = await main(['state', 'migrate', dir], { out: (l: string) => out.push(l), err: (l: string) => out.push(l), env: {} });
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toMatch(/World "default" \(default\): .*32 accounts/);
    expect(out.join('\n')).not.toContain('not converted');
    // The old files are kept aside, not deleted.
    expect(existsSync(join(dir, 'format-1', 'default.snapshot.json'))).toBe(true);
    expect(existsSync(join(dir, 'format-1', 'team.log'))).toBe(true);

    vi.useFakeTimers({ now: FIXTURE_WRITTEN_AT, toFake: ['Date'] });
    const app = await testApp({ stateDir: dir });
    const world = app.worlds.get('default');
    expect(world.accounts.get('oldtimer1')?.nickname).toBe('oldtimer1');
    expect(world.ledger.balance('oldtimer1')).toBe(250.75);
    expect(world.ledger.balance('player01')).toBe(1250.75);
    expect(world.flag('FREEPLAY3')).toBe(true);
    expect(world.systemStatus).toBe(1);
    expect(world.clock.offset).toBe(3_600_000);
    expect(world.sessions.get(oldToken(dir, 'default', 'oldtimer1'))).toBeDefined();

    // The log-only world: its player signs in with the old token and sees the old balance.
    const team = await call(app, 'GET', '/wps/v2/wallets/balance', { token: oldToken(dir, 'team', 'oldteam1'), headers: { 'x-sim-world': 'team' } });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.envelope.value.sumBalance).toBe(42);
    // And its password (a salted digest) still works.
    expect(app.worlds.get('team').checkPassword(app.worlds.get('team').accounts.get('oldteam1') as never, 'Old#Format1')).toBe(true);
  });

  it('reports every part it cannot convert instead of dropping it', () => {
    const dir = copyOfFixture();
    appendFileSync(
      join(dir, 'worlds', 'team.log'),
      `${JSON.stringify({ set: { 'f:mystery': { a: 1 }, 'p:jackpots': [1, 2], 'f:sessions.sessions#"broken"': { token: 'broken', account: 'oldteam1' } } })}\n`,
    );
    const report = migrateStateDir(dir).find((w) => w.name === 'team');
    expect(report?.notConverted).toEqual(
      expect.arrayContaining([
        expect.stringContaining('part "mystery"'),
        expect.stringContaining('module state "jackpots"'),
        expect.stringMatching(/session "broken": does not fit table "sessions"/),
      ]),
    );
  });

  it('says so for a directory without worlds of format 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-format1-'));
    dirs.push(dir);
    expect(() => migrateStateDir(dir)).toThrow(/holds no worlds of format 1/);
  });
});
