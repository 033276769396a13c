/**
 * Sandbox worlds (docs/decisions/009-sandbox-worlds.md): one simulator process holds many isolated worlds,
 * one per tester or test. A world is a whole `Sim` — scenario, flags, status, clock, accounts,
 * sessions, ledger, SMS outbox, captcha, faults, latency, snapshots — named by the request's
 * `X-Sim-World` header, else its `sim_world` cookie, else `default`. Worlds are created on first use
 * from the start scenario; the fixture files they read are shared and frozen (server/sim/world.ts),
 * so a world costs only what it owns.
 *
 * The number of worlds is capped (`--max-worlds`): past the cap the least recently used idle world
 * is unloaded (never one with a request in flight, never `default`), and the list says so.
 */
import type { WorldInfo as WorldInfoStatic, WorldList as WorldListStatic } from '../control/contract';
import { ApiError } from '../errors';
import { STATE_UNWRITABLE } from '../durability';
import { PersistenceError, type WorldPersistence } from './persistence';
import { RsaKeyHolder } from './rsa';
import { Sim } from './state';

export const DEFAULT_WORLD = 'default';
export const WORLD_HEADER = 'x-sim-world';
export const WORLD_COOKIE = 'sim_world';
export const DEFAULT_MAX_WORLDS = 1000;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Unloaded worlds remembered for the list (newest first), so a tester can see why theirs is gone. */
const UNLOADED_KEPT = 100;

/** A world name from the header or cookie, or 400 request_param_err naming where it came from. */
export function checkWorldName(name: string, field: string): string {
  if (!NAME.test(name)) {
    throw new ApiError(400, 'request_param_err', `${field} must be 1–64 characters of A–Z, a–z, 0–9, _ and -`, {
      fields: [{ field, message: 'must be 1–64 characters of [A-Za-z0-9_-]' }],
    });
  }
  return name;
}

/** One world of GET /__sim/worlds: the control contract's schema (server/control/contract.ts). */
export type WorldInfo = WorldInfoStatic;

/** A world unloaded past --max-worlds, as the list reports it. */
export type UnloadedWorld = WorldListStatic['unloaded'][number];

interface Entry {
  sim: Sim;
  createdAt: number;
  lastUsedAt: number;
  inFlight: number;
}

/** A request's hold on its world (Worlds.enter): the world is not unloaded until `leave()`; leaving twice counts once. */
export class WorldHold {
  private entry: Entry | undefined;

  constructor(
    readonly sim: Sim,
    entry: Entry | undefined,
  ) {
    this.entry = entry;
  }

  leave(): void {
    const entry = this.entry;
    if (!entry) return;
    this.entry = undefined;
    entry.inFlight--;
  }
}

/** How a world went while requests of it may still be in flight. */
export type WorldGone = 'deleted' | 'replaced';

/** Told that a name stands for another world: `sim` the world it names now, undefined once it was removed. */
export type WorldWatcher = (name: string, sim: Sim | undefined) => void;

export interface WorldsOptions {
  /** The scenario a new world starts in (`npm start -- --scenario`). */
  scenario?: string;
  maxWorlds?: number;
  /** One key pair for the process (created here when not given). */
  rsa?: RsaKeyHolder;
  /** An imported brand of fixtures/brands every world runs on (`--brand`). */
  brand?: string;
  /** Entries each world's request journal keeps (0 = off). */
  journalSize?: number;
  /** How long a free-play guest lives on its world's clock (`--guest-ttl`; Sim's default when absent). */
  guestTtlMs?: number;
  /**
   * Durable worlds (`--state DIR`, server/sim/persistence.ts): a world is loaded from it on first
   * use, saved before it is unloaded, and removed from it with the world.
   */
  persistence?: WorldPersistence;
  /** Told when a world is unloaded (the server logs it). */
  onUnload?: (world: UnloadedWorld) => void;
}

export class Worlds {
  readonly rsa: RsaKeyHolder;
  readonly maxWorlds: number;
  private readonly scenario: string;
  // A Map keeps insertion order: touching a world moves it to the end, so the first idle entry is
  // the least recently used one.
  private readonly entries = new Map<string, Entry>();
  private readonly unloaded: UnloadedWorld[] = [];
  /** The entry last put at the end of `entries` (the most recently used one, while it is there). */
  private newest: Entry | undefined;
  private readonly watchers = new Set<WorldWatcher>();
  /**
   * Worlds that went while requests of theirs may still be in flight: deleted, or replaced by an
   * import. Nothing done in them is kept, so what such a request changed is refused (server/durability.ts).
   */
  private readonly gone = new WeakMap<Sim, WorldGone>();

  constructor(private readonly options: WorldsOptions = {}) {
    this.rsa = options.rsa ?? new RsaKeyHolder();
    this.scenario = options.scenario ?? 'default';
    this.maxWorlds = Math.max(1, options.maxWorlds ?? DEFAULT_MAX_WORLDS);
    // The default world is there from the start (loaded from --state when it was saved), so a bad
    // --scenario fails at start.
    const saved = options.persistence?.load(DEFAULT_WORLD, () => this.fresh());
    const world = this.add(DEFAULT_WORLD, saved ?? this.fresh());
    if (!saved && options.persistence) {
      // Durable from the start, as every new world is: a later write that fails is undone back to
      // this, never to an empty world.
      options.persistence.commit(DEFAULT_WORLD, world);
      world.db.changes.clear();
    }
  }

  /**
   * Calls `watcher` whenever a name comes to stand for another world: one created (by a call naming
   * it or by the control API), loaded from the state directory, imported over it, or `default` reset
   * by its deletion (the same Sim); with undefined once the world was removed. What follows a world
   * by name (an open event or journal stream) goes with it. Returns the function that stops it.
   */
  watch(watcher: WorldWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private told(name: string, sim: Sim | undefined): void {
    for (const watcher of this.watchers) watcher(name, sim);
  }

  /** The world of this name: loaded from the state directory, or created from the start scenario, on first use. */
  get(name: string): Sim {
    const entry = this.entries.get(name);
    if (entry) {
      this.touch(name, entry);
      return entry.sim;
    }
    const saved = this.loadSaved(name);
    return saved ? this.add(name, saved) : this.create(name);
  }

  /**
   * The saved world of this name, or undefined. A file the machine cannot read now (a full disk, an
   * I/O error) is 503 `sim.state.unwritable`: left in place, read again by a later call, and never
   * replaced by a fresh world.
   */
  private loadSaved(name: string): Sim | undefined {
    try {
      return this.options.persistence?.load(name, () => this.fresh());
    } catch (err) {
      throw unwritable(err);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Whether a world of this name exists: loaded, or saved in the state directory. */
  exists(name: string): boolean {
    return this.entries.has(name) || (this.options.persistence?.exists(name) ?? false);
  }

  /** The world of this name if it exists (loaded, or saved in the state directory); never creates one. */
  find(name: string): Sim | undefined {
    const entry = this.entries.get(name);
    if (entry) {
      this.touch(name, entry);
      return entry.sim;
    }
    const saved = this.loadSaved(name);
    return saved ? this.add(name, saved) : undefined;
  }

  /**
   * Make `sim` (an imported world) the world of this name, replacing any world of that name whole.
   * Under --state it is written first, as one transaction (a failure is 503 `sim.state.unwritable` and replaces nothing);
   * the replaced world is never written again, also by its requests still in flight.
   */
  adopt(name: string, sim: Sim): void {
    try {
      this.options.persistence?.writeWhole(name, sim, this.entries.get(name)?.sim);
    } catch (err) {
      throw unwritable(err);
    }
    sim.db.changes.clear();
    const replaced = this.entries.get(name)?.sim;
    if (replaced && replaced !== sim) this.gone.set(replaced, 'replaced');
    this.entries.delete(name);
    this.add(name, sim);
  }

  /** How this world went, if it did (deleted, or replaced by an import); undefined while its name still holds it. */
  goneHow(sim: Sim): WorldGone | undefined {
    return this.gone.get(sim);
  }

  /** Create a world (or 409 when it exists, loaded or saved in the state directory). */
  create(name: string, scenario = this.scenario): Sim {
    if (this.exists(name)) throw new ApiError(409, 'sim.world.exists', `World "${name}" already exists`, { fields: [{ field: 'body/name', message: 'already exists' }] });
    const sim = this.fresh(scenario);
    this.add(name, sim);
    // A new world is durable from its first moment (the request that made it may change nothing).
    // One that cannot be written is not made at all: not listed, no file left.
    try {
      this.options.persistence?.commit(name, sim);
    } catch (err) {
      this.entries.delete(name);
      this.told(name, undefined);
      try {
        this.options.persistence?.remove(name, sim);
      } catch {
        // The empty file stays; the name is still free (a later create reuses the file).
      }
      throw unwritable(err);
    }
    sim.db.changes.clear();
    return sim;
  }

  /** A new world of this process's settings (brand, journal size, key pair, guest lifetime). */
  fresh(scenario = this.scenario): Sim {
    return new Sim({ scenario, rsa: this.rsa, brand: this.options.brand, journalSize: this.options.journalSize, guestTtlMs: this.options.guestTtlMs });
  }

  private add(name: string, sim: Sim): Sim {
    const now = Date.now();
    const entry: Entry = { sim, createdAt: now, lastUsedAt: now, inFlight: 0 };
    this.entries.set(name, entry);
    this.newest = entry;
    const index = this.unloaded.findIndex((u) => u.name === name);
    if (index >= 0) this.unloaded.splice(index, 1);
    this.told(name, sim);
    this.evict();
    return sim;
  }

  /** Save every loaded world whole (the server is closing). */
  saveAll(): void {
    for (const [name, entry] of this.entries) this.options.persistence?.save(name, entry.sim);
  }

  /** Remove a world, loaded or only saved; `default` is reset instead. Returns whether it existed. */
  remove(name: string): boolean {
    if (name === DEFAULT_WORLD) {
      const sim = this.entries.get(DEFAULT_WORLD)?.sim;
      sim?.load(this.scenario);
      if (sim) this.options.persistence?.commit(DEFAULT_WORLD, sim);
      sim?.db.changes.clear();
      if (sim) this.told(DEFAULT_WORLD, sim);
      return true;
    }
    const existed = this.exists(name);
    const sim = this.entries.get(name)?.sim;
    // Final: the database goes, and the world's requests still in flight never write it again.
    this.options.persistence?.remove(name, sim);
    if (sim) this.gone.set(sim, 'deleted');
    this.entries.delete(name);
    const index = this.unloaded.findIndex((u) => u.name === name);
    if (index >= 0) this.unloaded.splice(index, 1);
    this.told(name, undefined);
    return existed;
  }

  /** Mark a request in flight in a world (a world with one is never unloaded); call `leave()` on the result when it ends. */
  enter(name: string): WorldHold {
    const sim = this.get(name);
    const entry = this.entries.get(name);
    if (entry) entry.inFlight++;
    return new WorldHold(sim, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  list(): { worlds: WorldInfo[]; unloaded: UnloadedWorld[]; maxWorlds: number } {
    const worlds = [...this.entries].map(([name, e]) => info(name, e));
    worlds.sort((a, b) => (a.name === DEFAULT_WORLD ? -1 : b.name === DEFAULT_WORLD ? 1 : a.name.localeCompare(b.name)));
    const unloaded = [...this.unloaded];
    // Under --state, a saved world not loaded since the start is listed too: it exists, and its
    // next call loads it.
    const listed = new Set(unloaded.map((u) => u.name));
    const saved = (this.options.persistence?.saved() ?? []).filter((s) => !this.entries.has(s.name) && !listed.has(s.name));
    saved.sort((a, b) => b.savedAt - a.savedAt);
    for (const s of saved) unloaded.push({ name: s.name, unloadedAt: s.savedAt, reason: 'saved in the state directory, not loaded since the start; back on its next request' });
    return { worlds, unloaded, maxWorlds: this.maxWorlds };
  }

  private touch(name: string, entry: Entry): void {
    entry.lastUsedAt = Date.now();
    // Most requests act on the world the one before acted on: it is already the newest of the Map.
    if (this.newest === entry) return;
    this.entries.delete(name);
    this.entries.set(name, entry);
    this.newest = entry;
  }

  /** Unload least recently used idle worlds until the cap holds. */
  private evict(): void {
    if (this.entries.size <= this.maxWorlds) return;
    for (const [name, entry] of this.entries) {
      if (this.entries.size <= this.maxWorlds) break;
      if (name === DEFAULT_WORLD || entry.inFlight > 0) continue;
      const persistence = this.options.persistence;
      persistence?.save(name, entry.sim);
      this.entries.delete(name);
      const reason = persistence
        ? `least recently used past --max-worlds ${this.maxWorlds}; saved, back on its next request`
        : `least recently used past --max-worlds ${this.maxWorlds}; dropped (no --state)`;
      const gone: UnloadedWorld = { name, unloadedAt: Date.now(), reason };
      this.unloaded.unshift(gone);
      this.unloaded.length = Math.min(this.unloaded.length, UNLOADED_KEPT);
      this.options.onUnload?.(gone);
    }
  }
}

/** A state directory's failure as the reply says it: 503 `sim.state.unwritable`; other errors as they are. */
function unwritable(err: unknown): unknown {
  return err instanceof PersistenceError ? new ApiError(503, STATE_UNWRITABLE, err.message) : err;
}

function info(name: string, e: Entry): WorldInfo {
  const sim = e.sim;
  let ledgerRows = 0;
  for (const account of sim.accounts.keys()) ledgerRows += sim.ledger.transactions(account).length;
  const approxBytes = sim.accounts.size * 1200 + ledgerRows * 200 + sim.sessions.size * 250 + sim.sms.outbox.length * 300;
  return {
    name,
    scenario: sim.scenario.name,
    status: sim.systemStatus,
    createdAt: e.createdAt,
    lastUsedAt: e.lastUsedAt,
    accounts: sim.accounts.size,
    liveSessions: sim.sessions.liveCount(),
    approxBytes,
    inFlight: e.inFlight,
  };
}
