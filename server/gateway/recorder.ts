/**
 * Gateway mode's recorder (`npm start -- --gateway URL --record DIR`): every successful
 * reply of the contract's public read calls is written into DIR in the format of `recording.ts`,
 * keyed by operation, query and the Merchant and Language headers, with the upstream's exact body.
 * Token calls are written only with `--record-private`, and then scrubbed of tokens, cookies and
 * personal fields. Never written: Authorization, Encryption, passwords, the RSA key (the key call
 * and the captcha are never recorded: they are per-visitor state, not brand data).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ContractOperation, OpenApiDocument } from './checker';
import {
  keyFile,
  MANIFEST_FILE,
  prepareRecordingDir,
  queryPairs,
  RECORDING_FORMAT,
  scrubJson,
  writeFileAtomic,
  type RecordedReply,
  type RecordingManifest,
} from './recording';

/** Calls never recorded, whatever the options: per-visitor state rather than brand data. */
export const NEVER_RECORDED: ReadonlySet<string> = new Set(['getRsaKey', 'getCaptcha']);

export interface RecorderOptions {
  dir: string;
  /** Record token calls too (scrubbed). */
  private?: boolean;
  gateway: string;
  contract: OpenApiDocument & { info?: { version?: string } };
}

export interface RecordingSummary {
  dir: string;
  recorded: number;
  /** Distinct files written (a read asked again overwrites its file). */
  files: number;
  skipped: Record<string, number>;
}

interface OperationFacts {
  access: string;
  read: boolean;
}

/** What the recorder needs to know of each operation, from the contract's x-access and method. */
function operationFacts(contract: OpenApiDocument): Map<string, OperationFacts> {
  const facts = new Map<string, OperationFacts>();
  for (const item of Object.values(contract.paths)) {
    for (const [method, spec] of Object.entries(item)) {
      const op = spec as { operationId?: string; 'x-access'?: string };
      if (typeof op?.operationId !== 'string') continue;
      facts.set(op.operationId, { access: op['x-access'] ?? 'public', read: method === 'get' });
    }
  }
  return facts;
}

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  const e = (encoding ?? 'identity').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return gunzipSync(body);
  if (e === 'deflate') return inflateSync(body);
  if (e === 'br') return brotliDecompressSync(body);
  return body;
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export class Recorder {
  private readonly facts: Map<string, OperationFacts>;
  private readonly written = new Set<string>();
  private recorded = 0;
  private readonly skipped = new Map<string, number>();
  private readonly manifest: RecordingManifest;

  constructor(private readonly options: RecorderOptions) {
    prepareRecordingDir(options.dir);
    this.facts = operationFacts(options.contract);
    const now = new Date().toISOString();
    const manifestFile = join(options.dir, MANIFEST_FILE);
    const previous = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<RecordingManifest>) : null;
    const version = options.contract.info?.version ?? 'unknown';
    if (previous && previous.contractVersion !== version) {
      throw new Error(
        `--record ${options.dir}: it holds a recording of contract ${String(previous.contractVersion)}, this server speaks ${version}; record into an empty folder`,
      );
    }
    this.manifest = {
      format: RECORDING_FORMAT,
      contractVersion: version,
      gateway: options.gateway,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      private: !!options.private || !!previous?.private,
    };
    writeFileAtomic(manifestFile, `${JSON.stringify(this.manifest, null, 2)}\n`);
  }

  private skip(reason: string): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
  }

  /**
   * Whether a reply to this call should be captured at all (before its body is read), counting a
   * skip with its reason when not.
   */
  wants(op: ContractOperation | undefined, status: number): boolean {
    if (!op) return this.skip('outside the contract'), false;
    const facts = this.facts.get(op.operationId);
    if (NEVER_RECORDED.has(op.operationId)) return this.skip(`${op.operationId} is never recorded`), false;
    if (!facts?.read) return this.skip('not a read call'), false;
    if (facts.access !== 'public' && !this.options.private) return this.skip('token call (use --record-private)'), false;
    if (status < 200 || status >= 300) return this.skip(`status ${status}`), false;
    return true;
  }

  /** A reply the body of which did not arrive whole (aborted, over the size limit). */
  incomplete(reason: string): void {
    this.skip(reason);
  }

  /** Write one complete reply. */
  record(
    op: ContractOperation,
    request: { url: string; headers: Record<string, string | string[] | undefined> },
    reply: { status: number; contentType: string | undefined; contentEncoding: string | undefined; body: Buffer },
  ): void {
    let text: string;
    let parsed: unknown;
    try {
      text = decompress(reply.body, reply.contentEncoding).toString('utf8');
      parsed = JSON.parse(text);
    } catch {
      return this.skip('body is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || (parsed as { success?: unknown }).success !== true) {
      return this.skip('not a success envelope');
    }
    const access = this.facts.get(op.operationId)?.access ?? 'public';
    // Secrets are never written, from any call; personal fields only go from token calls.
    const scrub = scrubJson(parsed, access !== 'public');
    if (scrub.changed) text = JSON.stringify(scrub.value);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const entry: RecordedReply = {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      query: queryPairs(search),
      merchant: header(request.headers.merchant),
      language: header(request.headers.language),
      status: reply.status,
      contentType: (reply.contentType ?? 'application/json').split(';')[0]?.trim() || 'application/json',
      recordedAt: new Date().toISOString(),
      scrubbed: scrub.changed,
      body: text,
    };
    try {
      const folder = join(this.options.dir, op.operationId);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, keyFile(entry));
      writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`);
      this.written.add(file);
      this.recorded++;
    } catch (err) {
      this.skip(`write failed (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }

  summary(): RecordingSummary {
    return { dir: this.options.dir, recorded: this.recorded, files: this.written.size, skipped: Object.fromEntries(this.skipped) };
  }

  /** The summary as the lines `npm start` prints when it stops. */
  summaryLines(): string[] {
    const s = this.summary();
    const lines = [`Recording in ${s.dir}: ${s.recorded} replies recorded into ${s.files} files.`];
    const reasons = Object.entries(s.skipped).sort((a, b) => b[1] - a[1]);
    if (reasons.length) lines.push(`Skipped: ${reasons.map(([reason, n]) => `${n} ${reason}`).join('; ')}.`);
    return lines;
  }
}
