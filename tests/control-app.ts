/**
 * A simulator app with the QA control API mounted. buildApp mounts it itself when `controlApi` is
 * set; while it does not yet, the plugin and the fault hook are added here before `ready()`.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../server/app';
import { installFaultHook } from '../server/control/faults';
import { controlRoutes } from '../server/control/routes';
import { testApp } from './helpers';

async function buildControlApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp(options);
  if (!app.hasRoute({ method: 'GET', url: '/__sim/state' })) {
    installFaultHook(app);
    await app.register(controlRoutes, { prefix: '/__sim' });
  }
  return app;
}

/**
 * A simulator with /__sim and a fresh default world (not yet listening): the file's shared one for
 * these options, as tests/helpers.ts testApp gives (ADR 029).
 */
export async function controlApp(options: AppOptions = {}): Promise<FastifyInstance> {
  return testApp({ controlApi: true, ...options }, buildControlApp, 'control');
}

/** Tests read arbitrary envelope values; the document test checks their shapes. */
interface Envelope {
  success: boolean;
  value?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above
  errorCode?: string;
  message?: string;
}

/** One control call through inject; the parsed envelope alongside the response. */
export async function sim(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/__sim${path}`,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return Object.assign(res, { envelope: res.json() as Envelope });
}
