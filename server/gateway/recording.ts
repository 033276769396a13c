/**
 * The on-disk format of a gateway recording, shared by the recorder (gateway mode
 * `--record DIR`), the replayer (simulator mode `--replay DIR`) and the brand import
 * (`npm run sim -- import DIR --brand NAME`).
 *
 *   DIR/recording.json                   manifest: format, contract version, gateway, times
 *   DIR/<operationId>/<key>.json         one reply: the request key and the upstream's exact body
 *
 * A reply is keyed by operation, query string (parameters sorted) and the Merchant and Language
 * headers: the same read asked again in another language is another file. Only what the key and
 * the reply need is written; never a request header beyond Merchant and Language, never a request
 * body.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Bumped when the layout or the fields below change; a replay refuses other formats. */
export const RECORDING_FORMAT = 1;
export const MANIFEST_FILE = 'recording.json';

export interface RecordingManifest {
  format: number;
  /** `info.version` of the contract the recording was made against. */
  contractVersion: string;
  /** The upstream (origin and base path) it was recorded from. */
  gateway: string;
  createdAt: string;
  updatedAt: string;
  /** Token calls were recorded too (scrubbed). */
  private: boolean;
}

export interface RecordKey {
  operationId: string;
  /** Query parameters, sorted by name; repeated names keep their order. */
  query: [string, string][];
  merchant: string;
  language: string;
}

export interface RecordedReply extends RecordKey {
  method: string;
  path: string;
  status: number;
  contentType: string;
  recordedAt: string;
  /** Personal fields and tokens were replaced (a token call recorded with --record-private). */
  scrubbed: boolean;
  /** The upstream's reply body exactly as it came (decompressed), as UTF-8 text. */
  body: string;
}

/** The sorted query pairs of a URL's search part. */
export function queryPairs(search: string | URLSearchParams): [string, string][] {
  const params = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  return [...params.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The file name of a key: stable, short, safe on every file system. */
export function keyFile(key: RecordKey): string {
  const text = JSON.stringify([key.query, key.merchant, key.language]);
  return `${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`;
}

/** Write a file so that a reader sees the old content or the new, never a part (temp file + rename). */
export function writeFileAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export class RecordingFormatError extends Error {}

/** The manifest of a recording folder, checked; throws a message naming the problem. */
export function readManifest(dir: string): RecordingManifest {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(dir)) throw new RecordingFormatError(`no recording at ${dir}: the folder does not exist`);
  if (!existsSync(file)) throw new RecordingFormatError(`no recording at ${dir}: ${MANIFEST_FILE} is missing`);
  let manifest: Partial<RecordingManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<RecordingManifest>;
  } catch (err) {
    throw new RecordingFormatError(`${file} is not JSON: ${(err as Error).message}`, { cause: err });
  }
  if (manifest.format !== RECORDING_FORMAT) {
    throw new RecordingFormatError(`${file}: recording format ${String(manifest.format)}, this version reads format ${RECORDING_FORMAT}`);
  }
  if (typeof manifest.contractVersion !== 'string') throw new RecordingFormatError(`${file}: contractVersion is missing`);
  return manifest as RecordingManifest;
}

/** Every reply of a recording folder; a file that cannot be read is reported, not fatal. */
export function readReplies(dir: string): { replies: RecordedReply[]; unreadable: { file: string; reason: string }[] } {
  const replies: RecordedReply[] = [];
  const unreadable: { file: string; reason: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const name of readdirSync(join(dir, entry.name))) {
      if (!name.endsWith('.json')) continue;
      const file = join(dir, entry.name, name);
      try {
        const reply = JSON.parse(readFileSync(file, 'utf8')) as RecordedReply;
        if (typeof reply.operationId !== 'string' || typeof reply.body !== 'string' || !Array.isArray(reply.query)) {
          throw new Error('not a recorded reply (operationId, query and body expected)');
        }
        replies.push(reply);
      } catch (err) {
        unreadable.push({ file, reason: (err as Error).message });
      }
    }
  }
  return { replies, unreadable };
}

/** Make DIR (and check it can be written) or throw a message naming the problem. */
export function prepareRecordingDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new Error(`--record ${dir}: cannot create the folder (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    writeFileAtomic(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    throw new Error(`--record ${dir}: the folder is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
}

// ---- scrubbing (token calls recorded with --record-private) -------------------------------------

/** Field names (case-insensitive) whose values are secrets: never kept, whatever the call. */
const SECRET = /^(password|oldpassword|newpassword|confirmpassword|confirmnewpassword|paymentpassword|token|accesstoken|refreshtoken|authorization|encryption|cookie|sessionid|session|modulus|privatekey)$/i;
/** Personal fields: names, mobiles, emails, ID numbers, account names and contact handles. */
const PERSONAL =
  /^(account|username|user|nickname|nickName|realname|payeename|name|fullname|firstname|lastname|mobile|mobilenum|mobileno|phone|phonenumber|email|idnumber|idno|qqnum|line|whatsapp|zalo|facebook|wechat|customerid|ip|address|birthday|bankaccount|cardno|accountno|invitelink|referrallink|affiliatelink)$/i;

/** A stand-in of the same type: strings become `***`, numbers 0; other shapes are walked. */
function blank(value: unknown): unknown {
  if (typeof value === 'string') return '***';
  if (typeof value === 'number') return 0;
  return value;
}

/**
 * A copy of a reply's JSON with secrets always replaced and, when `personal` is set, personal fields
 * too. Field names match at any depth. Returns whether anything was replaced.
 */
export function scrubJson(value: unknown, personal: boolean): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) {
      if (SECRET.test(k) || (personal && PERSONAL.test(k))) {
        const replaced = typeof item === 'object' && item !== null ? walk(item) : blank(item);
        if (replaced !== item) changed = true;
        out[k] = replaced;
      } else {
        out[k] = walk(item);
      }
    }
    return out;
  };
  return { value: walk(value), changed };
}
