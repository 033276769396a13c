/**
 * Builds the Fastify instance: the simulator's routes from the contract, the QA control API, local
 * assets and the built web app. Tests import this and use `app.inject`; `scripts/start.ts` listens.
 *
 * The request pipeline is a list of named plugins, one file each under server/plugins/
 * (docs/decisions/022-request-pipeline-plugins.md): each declares the plugins it must come after and
 * the decorators it needs, so a list in the wrong order fails at start rather than misbehaving. The
 * per-call steps of these plugins run from one hook per lifecycle point, in this order
 * (server/plugins/request-pipeline.ts, docs/decisions/038-one-hook-per-lifecycle-point.md).
 * What each step costs a call is measured in docs/benchmarks.md (scripts/bench/stages.ts).
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback, type FastifyServerOptions } from 'fastify';
import type { ReplaySet } from './replay';
import { clock } from './plugins/clock';
import { compression } from './plugins/compression';
import { contractRoutes } from './plugins/contract-routes';
import { contractValidation } from './plugins/contract-validation';
import controlAccess from './plugins/control-access';
import { controlApi } from './plugins/control-api';
import { durability } from './plugins/durability';
import { errorEnvelope, frameworkErrors } from './plugins/error-envelope';
import { faultInjection } from './plugins/fault-injection';
import { httpSemantics } from './plugins/http-semantics';
import { journal } from './plugins/journal';
import { replayMode } from './plugins/replay-mode';
import { requestPipeline } from './plugins/request-pipeline';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';
import { worldSelection } from './plugins/world-selection';
import { lazySerializerFactory } from './lazy-compilers';

export { API_PREFIXES } from './plugins/world-selection';

export interface AppOptions {
  /** Scenario of fixtures/scenarios to start with. */
  scenario?: string;
  /** Folder of the built web app to serve (history-mode fallback to index.html). */
  webDist?: string;
  /** Mount the QA control API under /__sim (simulator mode only). */
  controlApi?: boolean;
  /** At most this many worlds in memory (`--max-worlds`, default 1,000). */
  maxWorlds?: number;
  /** An imported brand of fixtures/brands to run on instead of the default fixtures. */
  brand?: string;
  /** Replay mode: answer the calls recorded in this folder from the recording (server/replay.ts). */
  replay?: string | ReplaySet;
  /** Entries the request journal keeps (default 1,000; 0 = off, `--journal off`); simulator mode only. */
  journalSize?: number;
  /** How long a free-play guest lives on its world's clock (`--guest-ttl`, default two hours). */
  guestTtlMs?: number;
  logger?: FastifyServerOptions['logger'];
  /**
   * Keep worlds and the RSA key in this directory across restarts (`--state`, ADR 010); without it
   * state lives in memory. Throws when another process holds the directory.
   */
  stateDir?: string;
  /** Host names besides loopback ones /__sim and /__demo answer (`--allow-host`, ADR 023). */
  allowHosts?: string[];
  /** Every /__sim call must carry this in X-Sim-Control-Token (`--control-token`, ADR 023). */
  controlToken?: string;
}

/** One step of the pipeline: a named plugin and its options. */
export interface PipelineStep {
  name: string;
  // Each step's own options type is checked where the step is made (step() below).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  plugin: FastifyPluginAsync<any> | FastifyPluginCallback<any>;
  options: object;
}

export function step<O extends object>(name: string, plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>, options: O = {} as O): PipelineStep {
  return { name, plugin, options };
}

/** The plugins buildApp registers, in order (scripts/bench/stages.ts turns single steps off). */
export function pipeline(options: AppOptions = {}): PipelineStep[] {
  return [
    step('request-pipeline', requestPipeline),
    step('http-semantics', httpSemantics),
    step('contract-validation', contractValidation),
    step('error-envelope', errorEnvelope),
    step('control-access', controlAccess, { allowHosts: options.allowHosts, controlToken: options.controlToken }),
    step('world-selection', worldSelection, options),
    step('durability', durability),
    step('security-headers', securityHeaders, { webDist: options.webDist }),
    step('compression', compression),
    step('clock', clock),
    step('replay-mode', replayMode, { replay: options.replay }),
    ...(options.controlApi ? [step('journal', journal), step('fault-injection', faultInjection)] : []),
    step('contract-routes', contractRoutes),
    ...(options.controlApi ? [step('control-api', controlApi)] : []),
    step('web-app', webApp, { webDist: options.webDist }),
  ];
}

export async function buildApp(options: AppOptions = {}, steps: PipelineStep[] = pipeline(options)): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 8 * 1024 * 1024,
    frameworkErrors,
    // Each route's reply serialiser is built on its first reply, not at start (server/lazy-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
  });
  for (const s of steps) await app.register(s.plugin, s.options);
  return app;
}
