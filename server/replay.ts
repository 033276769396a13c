/**
 * Replay (`npm start -- --replay DIR`): simulator mode in which the calls recorded from a
 * real gateway (`--record DIR`, server/gateway/recording.ts) answer from the recording, byte for
 * byte, and everything else is simulated. A call is replayed when the same operation was recorded
 * with the same query, Merchant and Language; otherwise the simulator answers.
 *
 * Checked at start: a recorded reply that no longer meets the contract is reported by operation and
 * left to the simulator. Never replayed: the calls whose answer is the world's own state (the RSA
 * key, the captcha, the system status — so scenarios and `sim status` still work) and token calls
 * (their data belongs to the world's accounts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ContractChecker, loadContract, type OpenApiDocument } from './gateway/checker';
import { keyFile, queryPairs, readManifest, readReplies, RecordingFormatError, type RecordedReply } from './gateway/recording';
import { ANSWERED } from './plugins/request-pipeline';

/** Operations whose answer is the world's own state: the simulator always answers them. */
export const NEVER_REPLAYED: ReadonlySet<string> = new Set(['getRsaKey', 'getCaptcha', 'getSystemStatus']);

export interface ReplayProblem {
  operationId: string;
  /** Replies of this operation left to the simulator, and why (the first difference). */
  count: number;
  reason: string;
}

export interface ReplayInfo {
  dir: string;
  gateway: string;
  recordedAt: string;
  /** Operations answered from the recording (for at least one recorded query). */
  operations: string[];
  /** Recorded replies that break the contract (or cannot be read), by operation: simulated instead. */
  rejected: ReplayProblem[];
  /** Recorded operations left to the simulator by rule (world state, token calls). */
  ignored: ReplayProblem[];
}

export class ReplaySet {
  private readonly byOperation = new Map<string, Map<string, { body: Buffer; contentType: string; status: number }>>();
  readonly info: ReplayInfo;

  constructor(dir: string, contract: OpenApiDocument & { info?: { version?: string } } = loadContract()) {
    const manifest = readManifest(dir);
    const version = contract.info?.version ?? 'unknown';
    if (manifest.contractVersion !== version) {
      throw new RecordingFormatError(
        `--replay ${dir}: recorded against contract ${manifest.contractVersion}, this server speaks ${version}; record it again`,
      );
    }
    const checker = new ContractChecker(contract);
    const access = new Map<string, string>();
    for (const item of Object.values(contract.paths)) {
      for (const spec of Object.values(item)) {
        const op = spec as { operationId?: string; 'x-access'?: string };
        if (typeof op?.operationId === 'string') access.set(op.operationId, op['x-access'] ?? 'public');
      }
    }
    const rejected = new Map<string, ReplayProblem>();
    const ignored = new Map<string, ReplayProblem>();
    const note = (map: Map<string, ReplayProblem>, operationId: string, reason: string) => {
      const entry = map.get(operationId) ?? { operationId, count: 0, reason };
      entry.count++;
      map.set(operationId, entry);
    };
    const { replies, unreadable } = readReplies(dir);
    for (const u of unreadable) note(rejected, '(unreadable file)', `${u.file}: ${u.reason}`);
    for (const reply of replies) {
      const op = checker.match(reply.method, reply.path);
      if (!op || op.operationId !== reply.operationId) {
        note(rejected, reply.operationId, `${reply.method} ${reply.path} is not this operation in the contract`);
        continue;
      }
      if (NEVER_REPLAYED.has(op.operationId)) {
        note(ignored, op.operationId, 'the world owns this state');
        continue;
      }
      if (access.get(op.operationId) !== 'public') {
        note(ignored, op.operationId, 'token call: the world’s accounts answer it');
        continue;
      }
      const body = Buffer.from(reply.body, 'utf8');
      const outcome = checker.check(op, { status: reply.status, body, contentType: reply.contentType });
      const first = outcome.checked ? outcome.differences[0] : undefined;
      if (!outcome.checked || first) {
        note(rejected, op.operationId, first ? `${first.field}: expected ${first.expected}, got ${first.got}` : (outcome as { reason: string }).reason);
        continue;
      }
      let keyed = this.byOperation.get(op.operationId);
      if (!keyed) this.byOperation.set(op.operationId, (keyed = new Map()));
      keyed.set(keyFile(reply), { body, contentType: reply.contentType, status: reply.status });
    }
    this.info = {
      dir,
      gateway: manifest.gateway,
      recordedAt: manifest.updatedAt,
      operations: [...this.byOperation.keys()].sort(),
      rejected: [...rejected.values()],
      ignored: [...ignored.values()],
    };
  }

  /** The recorded reply of this call, if there is one. */
  find(operationId: string, url: string, merchant: string, language: string): { body: Buffer; contentType: string; status: number } | undefined {
    const keyed = this.byOperation.get(operationId);
    if (!keyed) return undefined;
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const key: Pick<RecordedReply, 'query' | 'merchant' | 'language'> = { query: queryPairs(search), merchant, language };
    return keyed.get(keyFile(key as RecordedReply));
  }

  /** Start-up lines: what is replayed and what falls back to the simulator, by operation. */
  reportLines(): string[] {
    const lines = [`Replaying ${this.info.operations.length} operations from ${this.info.dir} (recorded from ${this.info.gateway}).`];
    for (const r of this.info.rejected) {
      lines.push(`replay: ${r.operationId}: ${r.count} recorded repl${r.count === 1 ? 'y breaks' : 'ies break'} the contract (${r.reason}); simulated instead`);
    }
    return lines;
  }
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

declare module 'fastify' {
  interface FastifyInstance {
    /** Replay mode's recording, or null. */
    replay: ReplaySet | null;
  }
}

/**
 * Answer recorded calls from the recording. A preHandler step of the request pipeline
 * (server/plugins/request-pipeline.ts): the system-status gate, the session and
 * the request's validation have run, so maintenance and bad input behave as in the simulator.
 */
export function installReplay(app: FastifyInstance, set: ReplaySet | null): void {
  app.decorate('replay', set);
  if (!set) return;
  app.requestPipeline.preHandler('replay-mode', (request: FastifyRequest, reply: FastifyReply) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    const hit = operationId ? set.find(operationId, request.url, header(request.headers.merchant), header(request.headers.language)) : undefined;
    if (!hit) return;
    void reply.code(hit.status).type(`${hit.contentType}; charset=utf-8`).header('x-sim-replayed', 'true').send(hit.body);
    return ANSWERED;
  });
}
