/**
 * The request pipeline's per-call steps (docs/decisions/038-one-hook-per-lifecycle-point.md): each
 * named plugin adds its step to a lifecycle point here (`app.requestPipeline.onRequest(name, step)`),
 * and one Fastify hook per point runs the steps in the order their plugins were registered, which
 * the plugins' declared dependencies fix (server/app.ts fails at start on a list in the wrong order).
 * One hook in place of one per step: Fastify's hook runner costs a call, a closure and a `reply.sent`
 * check per hook and call, and a read went through about 18 of them (docs/benchmarks.md).
 *
 * A step of onRequest or preHandler runs synchronously and returns:
 * - nothing: the next step runs;
 * - `ANSWERED` (true): it has sent the reply (or dropped the connection); no later step runs, as
 *   Fastify runs no later hook once a hook has answered;
 * - a promise of either, for the rare step that has to wait (an injected delay).
 * It refuses a call by throwing: the app's error handler answers, and no later step runs.
 *
 * A step of onSend returns the payload to send (the one it was given, or a replacement), or a
 * promise of it for a step that has to wait (the group commit of durable worlds); the later steps
 * then run once it settles.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

/** What an onRequest or preHandler step returns when it has answered the call itself. */
export const ANSWERED = true;

export type StepResult = void | typeof ANSWERED | Promise<void | typeof ANSWERED>;
export type RequestStep = (request: FastifyRequest, reply: FastifyReply) => StepResult;
export type SendStep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;

export type LifecyclePoint = 'onRequest' | 'preHandler' | 'onSend';

export class RequestPipeline {
  private readonly names: Record<LifecyclePoint, string[]> = { onRequest: [], preHandler: [], onSend: [] };
  /** Read by the hooks below on every call; appended to while plugins register. */
  readonly onRequestSteps: RequestStep[] = [];
  readonly preHandlerSteps: RequestStep[] = [];
  readonly onSendSteps: SendStep[] = [];

  /** Adds a step run on every request as it comes in, after the steps added before it. */
  onRequest(name: string, step: RequestStep): void {
    this.add('onRequest', name);
    this.onRequestSteps.push(step);
  }

  /** Adds a step run after validation, before the handler, after the steps added before it. */
  preHandler(name: string, step: RequestStep): void {
    this.add('preHandler', name);
    this.preHandlerSteps.push(step);
  }

  /** Adds a step run on every reply's payload before it is sent, after the steps added before it. */
  onSend(name: string, step: SendStep): void {
    this.add('onSend', name);
    this.onSendSteps.push(step);
  }

  /** The steps' names at each point, in the order they run. */
  order(): Record<LifecyclePoint, string[]> {
    return { onRequest: [...this.names.onRequest], preHandler: [...this.names.preHandler], onSend: [...this.names.onSend] };
  }

  private add(point: LifecyclePoint, name: string): void {
    if (this.names[point].includes(name)) throw new Error(`request-pipeline: a step named ${name} is already on ${point}`);
    this.names[point].push(name);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-call steps of the request pipeline, by lifecycle point (server/plugins/request-pipeline.ts). */
    requestPipeline: RequestPipeline;
  }
}

/** Runs the onSend steps[from…] in turn on the payload; calls next with the last one's, or the error one threw. */
function runSendSteps(
  steps: SendStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  next: (err: Error | null, payload?: unknown) => void,
): void {
  let out = payload;
  for (let i = from; i < steps.length; i++) {
    try {
      out = (steps[i] as SendStep)(request, reply, out);
    } catch (err) {
      next(err as Error);
      return;
    }
    if (out instanceof Promise) {
      const after = i + 1;
      out.then(
        (settled: unknown) => runSendSteps(steps, after, request, reply, settled, next),
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
      return;
    }
  }
  next(null, out);
}

/** Runs steps[from…] in turn; calls done once they all went on, or with the error one threw. */
function runSteps(steps: RequestStep[], from: number, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (let i = from; i < steps.length; i++) {
    let result: StepResult;
    try {
      result = (steps[i] as RequestStep)(request, reply);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (result === undefined) continue;
    if (result === ANSWERED) return;
    const next = i + 1;
    result.then(
      (answered) => {
        if (answered !== ANSWERED) runSteps(steps, next, request, reply, done);
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
    return;
  }
  done();
}

// Read once at load: a test's fake timers replace the global later and must not hold replies back.
const atEndOfTurn = setImmediate;

/** A reply ready to be handed to its socket: Fastify's onSend callback and what it is called with. */
export interface ReadyReply {
  next: (err: Error | null, payload?: unknown) => void;
  err: Error | null;
  payload: unknown;
}

/** The longest a ready reply waits for the others of its turn, in milliseconds. */
export const MAX_HOLD_MS = 1;

/**
 * Replies are written together, once per turn of the event loop: each ready reply waits for the
 * turn's check phase, after the other requests that arrived in the turn have been answered, and the
 * turn's replies then go to their sockets back to back. A write on loopback, or in a virtual machine,
 * is where the kernel delivers the bytes and wakes the reader; written one at a time between
 * requests, nearly every reply woke a client that had gone back to sleep, and that wake-up was the
 * largest part of a read's cost (docs/decisions/054-replies-written-once-per-turn.md).
 *
 * A reply never waits for a timer or for a later turn's requests, and never more than `MAX_HOLD_MS`
 * for the work of its turn's other requests: a reply made when the oldest one waiting has waited
 * that long sends every waiting reply at once (a turn of slow calls, such as encrypted logins).
 */
export class ReplyBatch {
  private ready: ReadyReply[] = [];
  private scheduled = false;
  /** When the oldest waiting reply was made. */
  private since = 0;

  /**
   * `schedule` runs the flush at the end of the turn and `now` reads the clock in milliseconds (a test
   * passes its own to run them by hand).
   */
  constructor(
    private readonly schedule: (flush: () => void) => void = atEndOfTurn,
    private readonly now: () => number = () => performance.now(),
  ) {}

  private readonly flush = (): void => {
    this.scheduled = false;
    this.send();
  };

  private send(): void {
    const ready = this.ready;
    this.ready = [];
    // One reply whose write throws must not keep the others of its turn from being sent.
    let thrown: unknown;
    for (const { next, err, payload } of ready) {
      try {
        next(err, payload);
      } catch (error) {
        thrown ??= error;
      }
    }
    if (thrown !== undefined) throw thrown;
  }

  add(next: ReadyReply['next'], err: Error | null, payload?: unknown): void {
    const now = this.now();
    if (this.ready.length === 0) this.since = now;
    this.ready.push({ next, err, payload });
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(this.flush);
    } else if (now - this.since >= MAX_HOLD_MS) {
      this.send();
    }
  }
}

const plugin: FastifyPluginCallback = (app: FastifyInstance, _options, done) => {
  const pipeline = new RequestPipeline();
  app.decorate('requestPipeline', pipeline);
  const { onRequestSteps, preHandlerSteps, onSendSteps } = pipeline;
  app.addHook('onRequest', (request, reply, next) => runSteps(onRequestSteps, 0, request, reply, next));
  app.addHook('preHandler', (request, reply, next) => runSteps(preHandlerSteps, 0, request, reply, next));
  const batch = new ReplyBatch();
  app.addHook('onSend', (request, reply, payload, next) => {
    // A reply whose steps waited (the group commit of a durable world, at the end of a turn) is
    // released with the others that waited for the same thing and goes out at once; only a reply
    // ready within its turn waits for the turn's end.
    const send: ReadyReply['next'] = next;
    let waited = false;
    runSendSteps(onSendSteps, 0, request, reply, payload, (err, sent) => (waited ? send(err, sent) : batch.add(send, err, sent)));
    waited = true;
  });
  done();
};

/**
 * First of the pipeline: the hooks that run every other plugin's per-call steps. Not encapsulated, so
 * its hooks run on every route, before any hook added after it.
 */
export const requestPipeline = fp(plugin, { fastify: '5.x', name: 'request-pipeline' });

/**
 * The app's pipeline, made here when a plugin that adds a step is registered on an app without it
 * (a test's bare Fastify with one plugin; server/app.ts registers it first).
 */
export async function pipelineOf(app: FastifyInstance): Promise<RequestPipeline> {
  if (!app.hasDecorator('requestPipeline')) await app.register(requestPipeline);
  return app.requestPipeline;
}
