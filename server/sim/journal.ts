/**
 * The request journal of one simulator (docs/decisions/012-request-journal.md): a ring of the newest gateway calls, with their
 * decrypted bodies and replies, secrets masked and big values cut. A call is kept as a small record
 * of references and written out (masked, cut, checked, as JSON text) the first time the journal is
 * read or streamed, so the calls themselves pay almost nothing. Queried, verified and streamed by the
 * control API (server/control/journal.ts); written by the hooks of server/journal-hooks.ts.
 */
import { randomBytes } from 'node:crypto';
import type { JournalEntry, JournalQuery, VerifyInput, VerifyResult } from '../control/contract';

export const JOURNAL_DEFAULT_SIZE = 1000;
/** A value whose JSON is longer than this is cut in the journal (values over 64 KB are cut). */
export const CUT_BYTES = 64 * 1024;
/** How much of a cut value's JSON the journal keeps, to recognise it by. */
const PREVIEW_CHARS = 512;
export const MASK = '***';

// "Every password field" of the contract (password, oldPassword, newPassword, confirmPassword,
// confirmNewPassword, paymentPassword, generatedPassword) and whole tokens (token, firebaseIdToken),
// at any depth. Only strings are masked: hasPaymentPassword and passwordExpired are booleans.
const SECRET_KEY = /(password|token)$/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A copy of `value` with every secret string replaced by "***". Subtrees without a secret are shared,
 * not copied: masking a big reply allocates nothing when there is nothing to mask.
 */
export function mask(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const masked = mask(item);
      if (masked !== item) {
        out ??= value.slice();
        out[i] = masked;
      }
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    const masked = typeof item === 'string' && SECRET_KEY.test(key) ? MASK : mask(item);
    if (masked !== item) {
      out ??= { ...record };
      out[key] = masked;
    }
  }
  return out ?? value;
}

/** What stands in for a value over CUT_BYTES. */
export interface CutValue {
  $cut: true;
  bytes: number;
  preview: string;
}

export function cutMarker(json: string): CutValue {
  return { $cut: true, bytes: Buffer.byteLength(json), preview: json.slice(0, PREVIEW_CHARS) };
}

/**
 * `value` with every member whose JSON is over CUT_BYTES replaced by a marker, the biggest first
 * going down: an envelope with a huge `value` keeps `success` and gets the marker in `value`.
 * `json` is the value's JSON when the caller already has it.
 */
export function cut(value: unknown, json?: string): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'string' || value.length * 3 <= CUT_BYTES) return value;
    const text = json ?? JSON.stringify(value);
    return Buffer.byteLength(text) > CUT_BYTES ? cutMarker(text) : value;
  }
  const text = json ?? JSON.stringify(value);
  // Characters are at most 3 UTF-8 bytes each, so most values are decided without counting.
  if (text.length <= CUT_BYTES / 3 || Buffer.byteLength(text) <= CUT_BYTES) return value;
  if (Array.isArray(value)) return cutMarker(text);
  // An object: cut its big members, then see whether what is left fits.
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = cut(item);
  const rest = JSON.stringify(out);
  return Buffer.byteLength(rest) > CUT_BYTES ? cutMarker(rest) : out;
}

export type JournalInput = Omit<JournalEntry, 'id'>;
/** A new entry as its JSON text (what the stream sends), or the journal emptied. */
export type JournalEvent = { type: 'entry'; id: number; json: string } | { type: 'clear' };

/**
 * An entry recorded but not yet written out: it keeps references to what the call had (the reply
 * text as sent, the parsed body) and makes its JSON text, masked and cut, only when the journal is
 * read or streamed (server/journal-hooks.ts). `id` is set by the journal.
 */
export abstract class UnrenderedEntry {
  id = 0;
  /** The entry's JSON text, starting `{"id":<id>,`; called at most once. */
  abstract render(): string;
}

type Slot = string | UnrenderedEntry | undefined;

/**
 * A ring of the newest `size` entries of one simulator; size 0 is off. Writing a call costs one small
 * record (UnrenderedEntry); its text is made the first time it is read, and kept: one flat string per
 * entry costs the garbage collector far less than an object graph that lives for a thousand calls.
 * With a live stream listening, entries are rendered as they come, since the stream sends them.
 */
/** A journal's identity: random, so one of another process (before a restart) differs too. */
const newEpoch = () => randomBytes(6).toString('base64url');

export class Journal {
  readonly size: number;
  private readonly ring: Slot[];
  /** Index the next entry goes to. */
  private head = 0;
  private count = 0;
  private nextId = 1;
  /** Ids of entries whose calls were undone by a rewind (server/sim/rewind.ts), as ranges [from, to]. */
  private rewound: [number, number][] = [];
  private readonly listeners = new Set<(event: JournalEvent) => void>();
  /**
   * Names this journal's run of entry ids: new for every journal and whenever its entries are
   * replaced (an import), so an id of another journal (a world deleted and made again, imported
   * over, or a restart) is told from one of this one, though the numbers may be the same.
   */
  #epoch = newEpoch();

  constructor(size: number = JOURNAL_DEFAULT_SIZE) {
    if (!Number.isInteger(size) || size < 0) throw new RangeError(`journal size must be a whole number ≥ 0, got ${size}`);
    this.size = size;
    this.ring = new Array<Slot>(size);
  }

  get enabled(): boolean {
    return this.size > 0;
  }

  /** This journal's identity (see #epoch): 1–32 of A–Z a–z 0–9 _ -. */
  get epoch(): string {
    return this.#epoch;
  }

  get length(): number {
    return this.count;
  }

  /** The id the next entry will get. */
  get nextEntryId(): number {
    return this.nextId;
  }

  /** The id of the oldest entry kept, undefined when there is none. */
  get oldestEntryId(): number | undefined {
    return this.count ? this.idAt(this.count) : undefined;
  }

  isRewound(id: number): boolean {
    return this.rewound.some(([from, to]) => id >= from && id <= to);
  }

  /** Mark entries `from`..`to` rewound: their JSON says "rewound": true. */
  markRewound(from: number, to: number): void {
    const oldest = this.oldestEntryId ?? this.nextId;
    this.rewound = this.rewound.filter(([, end]) => end >= oldest);
    if (to >= from) this.rewound.push([from, to]);
  }

  /** An entry's text with its rewound mark, when it has one. */
  private marked(id: number, json: string): string {
    return this.rewound.length && this.isRewound(id) ? `{"id":${id},"rewound":true,${json.slice(json.indexOf(',') + 1)}` : json;
  }

  /**
   * Write an entry (already masked and cut) and tell the live streams. `replyJson`, when given, is
   * the reply's JSON text and stands for `input.reply` (the hook has it already: no second
   * serialisation).
   */
  add(input: JournalInput, replyJson?: string): { id: number; json: string } | undefined {
    if (!this.enabled) return undefined;
    const id = this.nextId++;
    let json: string;
    if (replyJson === undefined) {
      json = JSON.stringify({ id, ...input });
    } else {
      // `reply: undefined` leaves the key out; the text closes with its own brace.
      const head = JSON.stringify({ id, ...input, reply: undefined });
      json = `${head.slice(0, -1)},"reply":${replyJson}}`;
    }
    this.push(json);
    for (const listener of this.listeners) listener({ type: 'entry', id, json });
    return { id, json };
  }

  /** Keep an entry to be rendered when read (rendered now when a stream listens). Returns its id. */
  record(entry: UnrenderedEntry): number {
    if (!this.enabled) return 0;
    const id = this.nextId++;
    entry.id = id;
    if (this.listeners.size === 0) {
      this.push(entry);
      return id;
    }
    const json = entry.render();
    this.push(json);
    for (const listener of this.listeners) listener({ type: 'entry', id, json });
    return id;
  }

  private push(slot: string | UnrenderedEntry): void {
    this.ring[this.head] = slot;
    this.head = (this.head + 1) % this.size;
    if (this.count < this.size) this.count += 1;
  }

  /** The text of the i-th newest entry (1 = newest), rendered and kept if it was not yet. */
  private textAt(i: number): { id: number; json: string } | undefined {
    const index = (this.head - i + this.size) % this.size;
    const slot = this.ring[index];
    if (slot === undefined) return undefined;
    if (typeof slot === 'string') {
      // Every entry's text starts with its id: {"id":123,…
      const id = Number(/^\{"id":(\d+)/.exec(slot)?.[1]);
      return { id, json: this.marked(id, slot) };
    }
    const json = slot.render();
    this.ring[index] = json;
    return { id: slot.id, json: this.marked(slot.id, json) };
  }

  /** The id of the i-th newest entry, without rendering it. */
  private idAt(i: number): number {
    const slot = this.ring[(this.head - i + this.size) % this.size];
    if (slot === undefined) return 0;
    return typeof slot === 'string' ? Number(/^\{"id":(\d+)/.exec(slot)?.[1]) : slot.id;
  }

  /** Every entry, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let i = 1; i <= this.count; i++) {
      const text = this.textAt(i);
      if (text) yield JSON.parse(text.json) as JournalEntry;
    }
  }

  /** Entries with an id above `since`, oldest first, as JSON text (a stream's replay). */
  after(since: number): { id: number; json: string }[] {
    let n = 0;
    while (n < this.count && this.idAt(n + 1) > since) n += 1;
    const out: { id: number; json: string }[] = [];
    for (let i = n; i >= 1; i--) {
      const text = this.textAt(i);
      if (text) out.push(text);
    }
    return out;
  }

  /** Every entry as its JSON text, oldest first, and the id the next entry will get (an export). */
  dump(): { entries: { id: number; json: string }[]; nextId: number } {
    return { entries: this.after(0), nextId: this.nextId };
  }

  /**
   * Hold exactly these entries (an import; oldest first, the newest `size` kept, each text without
   * a rewound mark) and give the next entry `nextId` or, when the entries go further, the id after
   * the newest. `rewound` lists the ids of entries a rewind undid (each then says so once).
   */
  restore(entries: readonly { id: number; json: string }[], nextId: number, rewound: readonly number[] = []): void {
    this.#epoch = newEpoch();
    this.ring.fill(undefined);
    this.head = 0;
    this.count = 0;
    if (this.enabled) for (const { json } of entries.slice(-this.size)) this.push(json);
    this.nextId = Math.max(nextId, (entries.at(-1)?.id ?? 0) + 1, 1);
    this.rewound = [];
    for (const id of [...rewound].sort((a, b) => a - b)) {
      const last = this.rewound.at(-1);
      if (last && last[1] + 1 >= id) last[1] = Math.max(last[1], id);
      else this.rewound.push([id, id]);
    }
  }

  list(query: JournalQuery = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const limit = query.limit ?? Infinity;
    // Entries at or below `since` are neither rendered nor parsed.
    let upTo = this.count;
    if (query.since !== undefined) {
      upTo = 0;
      while (upTo < this.count && this.idAt(upTo + 1) > query.since) upTo += 1;
    }
    for (let i = 1; i <= upTo; i++) {
      const text = this.textAt(i);
      if (!text) continue;
      const entry = JSON.parse(text.json) as JournalEntry;
      if (out.length >= limit) break;
      if (query.status !== undefined && entry.status !== query.status) continue;
      if (!sameOperation(entry, query)) continue;
      out.push(entry);
    }
    return out;
  }

  clear(): number {
    const removed = this.count;
    this.ring.fill(undefined);
    this.head = 0;
    this.count = 0;
    for (const listener of this.listeners) listener({ type: 'clear' });
    return removed;
  }

  /** Live events until the returned function is called. */
  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  verify(input: VerifyInput): VerifyResult {
    let matched = 0;
    const misses: VerifyResult['nearMisses'] = [];
    for (const entry of this.newestFirst()) {
      if (!sameOperation(entry, input)) continue;
      const differences: VerifyResult['nearMisses'][number]['differences'] = [];
      if (input.status !== undefined && entry.status !== input.status) {
        differences.push({ field: 'status', expected: input.status, actual: entry.status });
      }
      if (input.body !== undefined) diff(input.body, entry.body, 'body', differences);
      if (differences.length === 0) matched += 1;
      else if (misses.length < 5) misses.push({ entry, differences });
    }
    const { ok, expected } = expectation(input, matched);
    return { ok, matched, expected, nearMisses: ok ? [] : misses };
  }
}

/** Could this JSON text hold a secret (a password or token key with a string value)? */
export function mayHoldSecret(json: string): boolean {
  return SECRET_IN_TEXT.test(json);
}
const SECRET_IN_TEXT = /(password|token)"\s*:\s*"/i;

function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** Method, path and operationId: what makes two calls "the same operation". */
function sameOperation(entry: JournalEntry, q: { method?: string; path?: string; operationId?: string }): boolean {
  if (q.method !== undefined && entry.method !== q.method) return false;
  if (q.path !== undefined && !pathMatches(q.path, entry.path)) return false;
  if (q.operationId !== undefined && entry.operationId !== q.operationId) return false;
  return true;
}

function expectation(input: VerifyInput, matched: number): { ok: boolean; expected: string } {
  if (input.count !== undefined) return { ok: matched === input.count, expected: `exactly ${input.count}` };
  if (input.atMost !== undefined) return { ok: matched <= input.atMost, expected: `at most ${input.atMost}` };
  const atLeast = input.atLeast ?? 1;
  return { ok: matched >= atLeast, expected: `at least ${atLeast}` };
}

/** Deep partial match: every key of `expected` with an equal value in `actual`; differences collected. */
function diff(expected: unknown, actual: unknown, field: string, out: { field: string; expected: unknown; actual: unknown }[]): void {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        out.push({ field, expected, actual: actual ?? null });
        return;
      }
      expected.forEach((item, i) => diff(item, actual[i], `${field}/${i}`, out));
      return;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      out.push({ field, expected, actual: actual ?? null });
      return;
    }
    for (const [key, item] of Object.entries(expected as Record<string, unknown>)) {
      diff(item, (actual as Record<string, unknown>)[key], `${field}/${key}`, out);
    }
    return;
  }
  if (expected !== actual) out.push({ field, expected, actual: actual ?? null });
}

/**
 * Body matcher keys that can never match because the journal masks them (a password, a token):
 * the control API refuses them with 400 naming the field rather than answering a silent "unmet".
 */
export function maskedMatcherFields(matcher: unknown, field = 'body'): string[] {
  if (matcher === null || typeof matcher !== 'object') return [];
  const out: string[] = [];
  for (const [key, item] of Object.entries(matcher as Record<string, unknown>)) {
    const path = `${field}/${key}`;
    if (isSecretKey(key) && typeof item === 'string' && item !== MASK) out.push(path);
    else out.push(...maskedMatcherFields(item, path));
  }
  return out;
}
