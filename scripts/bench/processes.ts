/**
 * What every benchmark that starts servers needs: a free loopback port, child processes that are
 * killed with their whole process group when the benchmark exits, fails or is interrupted, and the
 * portal of a checkout started on such a port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port nothing listens on right now (127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];

/** SIGTERM to every tracked child's process group (each was spawned `detached`, leading its own). */
export function killChildren(): void {
  for (const child of children.splice(0)) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

let hooked = false;

/** Kill `child` (and what it started) when this process exits or is interrupted. */
export function trackChild(child: ChildProcess): ChildProcess {
  children.push(child);
  if (!hooked) {
    hooked = true;
    process.on('exit', killChildren);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        killChildren();
        process.exit(130);
      });
    }
  }
  return child;
}

/**
 * Starts the portal of the checkout at `root` (`scripts/start.ts --no-build`, serving that checkout's
 * own web/dist) on a free loopback port, in its own process group that is killed on exit; resolves to
 * its base URL once it answers, and fails with the end of its output if it exits or does not answer
 * within 60 s.
 */
export async function startPortal(root: string): Promise<string> {
  const port = await freePort();
  const portal = trackChild(
    spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'start.ts'), '--no-build', '--port', String(port)], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
    }),
  );
  let tail = '';
  portal.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-2000)));
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`the portal exited with ${portal.exitCode}\n${tail}`);
    try {
      const res = await fetch(`${base}/wps/system/status`, { headers: { Merchant: 'DEMO' } });
      if (res.ok) return base;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer within 60 s\n${tail}`);
}
