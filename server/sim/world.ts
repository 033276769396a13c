/**
 * The simulated brand world: the JSON of `fixtures/` with a scenario laid over it. Each file is read
 * and validated against its schema (openapi/fixtures.ts) once. Worlds are cheap (ADR 009): the
 * seed is frozen and shared by every world of the process, and a world copies only what a scenario
 * or the control API change (brand settings, module flags, register rules); `Sim.own()` copies
 * another part for a world that must change it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REGISTER_RULES, type FieldRule } from '../../openapi/field-rules';
import type {
  Brand,
  FixtureFile,
  FixtureOf,
  GameFixture,
  HistoryRow,
  MemberFixture,
  Scenario,
  VendorFixture,
  WorldFixtures,
} from '../../openapi/fixtures';
import type { ModuleNode } from '../../openapi/system';
import { FixtureError, readFixtureFile, readScenarioFile } from './fixture-files';

/** The world's files: the repository's fixtures/, or another brand's (SIM_FIXTURES_DIR). */
export const FIXTURES_DIR = process.env.SIM_FIXTURES_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

/** The fixture types (openapi/fixtures.ts), under the names the simulator has always used. */
export type { Brand, GameFixture, HistoryRow, MemberFixture, Scenario, VendorFixture };

/** The world a simulator holds: the fixture files, register rules filled in when the file is absent. */
export interface World extends WorldFixtures {
  registerRules: FieldRule[];
}

type WorldFile = FixtureFile & `${keyof WorldFixtures}.json`;

/** A file of the world, read and validated (fixture-files.ts); a missing file stops the start too. */
function loadWorldFile<F extends WorldFile>(name: F): FixtureOf<F> {
  const data = readFixtureFile(FIXTURES_DIR, name);
  if (data === undefined) throw new FixtureError(join(FIXTURES_DIR, name), '', 'file is missing');
  return data;
}

/** Seeds by imported brand ('' for the default fixtures). */
const seeds = new Map<string, World>();

/** Folder of an imported brand (`npm run sim -- import DIR --brand NAME`). */
export function brandDir(brand: string): string {
  return join(FIXTURES_DIR, 'brands', brand);
}

/** Throws a message naming the brand unless fixtures/brands/<brand> exists. */
export function checkBrand(brand: string): void {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(brand) || !existsSync(brandDir(brand))) {
    throw new Error(`no brand "${brand}" under fixtures/brands (import one with: npm run sim -- import DIR --brand ${brand})`);
  }
}

/** Forget what was read of a brand (an import replaced its files). */
export function forgetBrand(brand: string): void {
  seeds.delete(brand);
}

/** Freeze a fixture and everything in it: shared by every world, it must never change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Every file read and validated once, on first use, then frozen: the parts worlds share. With an
 * imported brand (`--brand`), its own files (validated by the same schemas) stand in for the
 * default fixtures'; seed members, the VIP ladder and the agent team stay the default fixtures'.
 */
export function worldSeed(brand?: string): World {
  const key = brand ?? '';
  let seed = seeds.get(key);
  if (!seed) {
    const own = <F extends WorldFile>(name: F): FixtureOf<F> => (brand ? readFixtureFile(brandDir(brand), name) : undefined) ?? loadWorldFile(name);
    seed = deepFreeze<World>({
      brand: own('brand.json'),
      whitelabel: own('whitelabel.json'),
      registerRules:
        (brand ? readFixtureFile(brandDir(brand), 'register-rules.json') : undefined) ??
        readFixtureFile(FIXTURES_DIR, 'register-rules.json') ??
        [...DEFAULT_REGISTER_RULES],
      vendors: own('vendors.json'),
      games: own('games.json'),
      members: loadWorldFile('members.json'),
      banners: own('banners.json'),
      announcements: own('announcements.json'),
      promotions: own('promotions.json'),
      vip: loadWorldFile('vip.json'),
      agent: loadWorldFile('agent.json'),
      help: own('help.json'),
      countries: own('countries.json'),
      lottery: own('lottery.json'),
      system: own('system.json'),
    });
    seeds.set(key, seed);
  }
  return seed;
}

const scenarios = new Map<string, Scenario>();

function scenarioFile(name: string): Scenario {
  let scenario = scenarios.get(name);
  if (!scenario) {
    scenario = readScenarioFile(join(FIXTURES_DIR, 'scenarios', `${name}.json`));
    scenarios.set(name, scenario);
  }
  return structuredClone(scenario);
}

/**
 * Names of the scenarios of fixtures/scenarios (each file's name without .json, which is also the
 * scenario's `name`), sorted: the list the control API accepts and its document enumerates.
 */
export function scenarioNames(): string[] {
  return readdirSync(join(FIXTURES_DIR, 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function listScenarios(): Scenario[] {
  return readdirSync(join(FIXTURES_DIR, 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => scenarioFile(f.slice(0, -'.json'.length)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function readScenario(name: string): Scenario {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad scenario name: ${name}`);
  if (!existsSync(join(FIXTURES_DIR, 'scenarios', `${name}.json`))) {
    const known = listScenarios().map((s) => s.name).join(', ');
    throw new Error(`unknown scenario "${name}" (known: ${known})`);
  }
  // A scenario that exists but is malformed stops with its FixtureError, not as "unknown".
  return scenarioFile(name);
}

/** Set the enabled state of a module flag wherever it appears in the tree. Returns whether found. */
export function setFlag(tree: ModuleNode[], modId: string, enabled: boolean): boolean {
  let found = false;
  for (const node of tree) {
    if (node.modId === modId) {
      node.enabled = enabled;
      found = true;
    }
    if (setFlag(node.childrenNodes, modId, enabled)) found = true;
  }
  return found;
}

export function flagEnabled(tree: ModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled;
    if (flagEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

export function loadWorld(scenario: Scenario, brand?: string): World {
  const shared = worldSeed(brand);
  // The parts of the world a scenario or the control API change: each world has its own copy.
  const world: World = {
    ...shared,
    brand: structuredClone(shared.brand),
    whitelabel: structuredClone(shared.whitelabel),
    registerRules: structuredClone(shared.registerRules),
  };
  if (scenario.brand) Object.assign(world.brand, scenario.brand);
  for (const [modId, enabled] of Object.entries(scenario.flags ?? {})) {
    if (!setFlag(world.whitelabel, modId, enabled)) {
      world.whitelabel.push({ modId, name: modId, enabled, childrenNodes: [] });
    }
  }
  if (scenario.systemStatus !== undefined) world.brand.systemStatus = scenario.systemStatus;
  return world;
}
