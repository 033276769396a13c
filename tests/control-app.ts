/**
 * A simulator app with the QA control API mounted. buildApp mounts it itself when `controlApi` is
 * set; while it does not yet, the plugin and the fault hook are added here before `ready()`.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp, type AppOptions } from '../server/app';
import { installFaultHook } from '../server/control/faults';
import { controlRoutes } from '../server/control/routes';

const open: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

/** A fresh simulator with /__sim, closed after the current test (not yet listening). */
export async function controlApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ controlApi: true, ...options });
  open.push(app);
  if (!app.hasRoute({ method: 'GET', url: '/__sim/state' })) {
    installFaultHook(app);
    await app.register(controlRoutes, { prefix: '/__sim' });
  }
  await app.ready();
  return app;
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
