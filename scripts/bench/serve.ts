/**
 * A benchmark target in its own process, so the load generator and the server under test do not
 * share an event loop: `sim` is the simulator exactly as `buildApp()` makes it, `bare` a Fastify
 * hello-world (the ceiling any Fastify app on this machine can reach). Listens on 127.0.0.1 only and
 * prints `LISTENING <port>` once ready; exits on SIGTERM/SIGINT or when its parent goes away.
 *
 *   tsx scripts/bench/serve.ts --kind sim|bare [--port 0] [--journal on|off] [--profile FILE] [--busy µS]
 *
 * `--journal on|off` runs the simulator as `npm start` does (control API, fault hook and the request
 * journal on or off) for the journal's cost (scripts/bench/journal.ts).
 *
 * `--busy µS` (bare only): every answer first runs that many microseconds of JavaScript, a stand-in
 * for an application's own work per call, so a profile can show how the rest of a call's cost (the
 * socket write above all) moves when only the server's own work per call changes.
 *
 * `--profile FILE` (scripts/bench/profile.ts): SIGUSR2 starts V8's sampling profiler on the main
 * thread, the next SIGUSR2 stops it, writes the profile to FILE and prints `PROFILED <user µs>
 * <system µs>`, the process's CPU time (every thread) between the two signals, so the window holds
 * the measured load and nothing of the start-up or the warm-up.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { RsaKeyHolder } from '../../server/sim/rsa';

async function bare(busyMs: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const busyWork = () => {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
  };
  // Every path and both methods the benchmark calls answer the same tiny JSON: the cost of Fastify
  // itself (routing, JSON parse of a POST body, serialisation) and nothing else.
  const reply = async () => {
    if (busyMs > 0) busyWork();
    return { hello: 'world' };
  };
  app.get('/*', reply);
  app.post('/*', reply);
  // A second ceiling for calls with large replies: the bench stores the simulator's own reply bytes
  // here once, and GET answers them as they are (no handler work, no serialisation: only Fastify and
  // the socket moving the same bytes).
  // Kept as bytes, as the simulator keeps its cached replies (server/contract.ts SerializedReply).
  let payload = Buffer.from('{}');
  app.put('/__payload', async (request) => {
    payload = Buffer.from(String(request.body), 'utf8');
    return { bytes: payload.length };
  });
  app.get('/__payload', async (_request, res) => {
    if (busyMs > 0) busyWork();
    return res.type('application/json; charset=utf-8').send(payload);
  });
  // A second ceiling for the encrypted login: only the wire decryption the simulator does before
  // any login work (server/sim/rsa.ts, the same code), then a fixed envelope.
  const rsa = new RsaKeyHolder();
  app.get('/__rsa', async () => rsa.modulusHex);
  app.post('/__decrypt', async (request, res) => {
    const header = request.headers.encryption;
    try {
      rsa.decryptBody(typeof header === 'string' ? header : undefined, request.body);
    } catch {
      return res.status(400).send({ success: false });
    }
    return { success: true };
  });
  return app;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kind: { type: 'string', default: 'sim' },
      port: { type: 'string', default: '0' },
      journal: { type: 'string' },
      profile: { type: 'string' },
      busy: { type: 'string', default: '0' },
    },
  });
  const busyUs = Number(values.busy);
  if (!Number.isFinite(busyUs) || busyUs < 0) throw new Error(`--busy takes microseconds (0 or more), not ${values.busy}`);
  const journal = values.journal === undefined ? {} : { controlApi: true, journalSize: values.journal === 'on' ? 1000 : 0 };
  const app =
    values.kind === 'bare' ? await bare(busyUs / 1000) : await buildApp({ scenario: 'default', logger: false, ...journal });
  await app.listen({ host: '127.0.0.1', port: Number(values.port) });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : Number(values.port);
  process.stdout.write(`LISTENING ${port}\n`);
  if (values.profile) profileOnSignal(values.profile);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our stdin open: when it dies without killing us, stdin ends and we stop too.
  process.stdin.on('end', stop);
  process.stdin.resume();
}

/** SIGUSR2 starts the profiler, the next one stops it and writes `file` (see the header). */
function profileOnSignal(file: string): void {
  const session = new Session();
  session.connect();
  let since: NodeJS.CpuUsage | null = null;
  let busy = Promise.resolve();
  process.on('SIGUSR2', () => {
    busy = busy.then(async () => {
      if (!since) {
        await session.post('Profiler.enable');
        // A sample every 250 µs: a read takes some tens of µs, so a few seconds give tens of thousands.
        await session.post('Profiler.setSamplingInterval', { interval: 250 });
        await session.post('Profiler.start');
        since = process.cpuUsage();
        return;
      }
      const cpu = process.cpuUsage(since);
      const { profile } = await session.post('Profiler.stop');
      since = null;
      writeFileSync(file, JSON.stringify(profile));
      process.stdout.write(`PROFILED ${cpu.user} ${cpu.system}\n`);
    });
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
