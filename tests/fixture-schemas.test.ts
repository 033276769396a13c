/**
 * The fixture files satisfy their schemas (openapi/fixtures.ts), and a file that does not stops the
 * simulator with the file and the JSON path named.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCHEMAS, type FixtureFile } from '../openapi/fixtures';
import { FixtureError, readFixtureFile, readScenarioFile } from '../server/sim/fixture-files';
import { FIXTURES_DIR } from '../server/sim/world';

const tmp = mkdtempSync(join(tmpdir(), 'fixtures-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(name: string, data: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

function thrown(fn: () => unknown): FixtureError {
  try {
    fn();
  } catch (err) {
    if (err instanceof FixtureError) return err;
    throw err;
  }
  throw new Error('no FixtureError');
}

describe('fixture schemas', () => {
  it('accept every committed fixture file and scenario', () => {
    for (const name of Object.keys(FIXTURE_SCHEMAS) as FixtureFile[]) {
      // register-rules.json is optional (the built-in rules apply without it).
      if (name === 'register-rules.json') continue;
      expect(readFixtureFile(FIXTURES_DIR, name), name).toBeDefined();
    }
    for (const file of readdirSync(join(FIXTURES_DIR, 'scenarios'))) {
      expect(readScenarioFile(join(FIXTURES_DIR, 'scenarios', file)).name).toBe(file.replace(/\.json$/, ''));
    }
  });

  it('name the file and the JSON path of a wrong value', () => {
    const games = JSON.parse(readFileSync(join(FIXTURES_DIR, 'games.json'), 'utf8')) as { isHot: unknown }[];
    const broken = games.map((g, i) => (i === 3 ? { ...g, isHot: 'yes' } : g));
    const path = write('games.json', broken);
    const err = thrown(() => readFixtureFile(tmp, 'games.json'));
    expect(err.file).toBe(path);
    expect(err.jsonPath).toBe('/3/isHot');
    expect(err.message).toContain(`${path} at /3/isHot`);
  });

  it('name a missing required field, bad JSON, and a scenario whose name is not its file', () => {
    write('brand.json', { brandName: 'x' });
    expect(thrown(() => readFixtureFile(tmp, 'brand.json')).jsonPath).toMatch(/^\/\w+$/);
    write('vip.json', '[{"rankLevel": 1,');
    expect(thrown(() => readFixtureFile(tmp, 'vip.json')).message).toMatch(/vip\.json: not valid JSON/);
    const scenario = write('odd.json', { name: 'other', description: 'x' });
    expect(thrown(() => readScenarioFile(scenario)).jsonPath).toBe('/name');
    write('flags.json', { name: 'flags', description: 'x', flags: { FREEPLAY3: 'on' } });
    expect(thrown(() => readScenarioFile(join(tmp, 'flags.json'))).jsonPath).toBe('/flags/FREEPLAY3');
  });

  it('treat a missing optional file as absent', () => {
    expect(readFixtureFile(tmp, 'register-rules.json')).toBeUndefined();
  });

  it('stop the start of the simulator on a bad file', async () => {
    const dir = join(tmp, 'world');
    cpSync(FIXTURES_DIR, dir, { recursive: true });
    const members = JSON.parse(readFileSync(join(dir, 'members.json'), 'utf8')) as { isAgent: unknown }[];
    const bad = members.map((m, i) => (i === 1 ? { ...m, isAgent: 7 } : m));
    writeFileSync(join(dir, 'members.json'), JSON.stringify(bad));
    const run = promisify(execFile);
    const script = "const { buildApp } = await import('./server/app.ts'); await buildApp(); console.log('started');";
    const result = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, SIM_FIXTURES_DIR: dir },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(result.code).not.toBe(0);
    expect(result.out).not.toContain('started');
    expect(result.out).toContain(`fixture ${join(dir, 'members.json')} at /1/isAgent`);
  }, 60_000);
});
