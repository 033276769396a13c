/**
 * What every benchmark that starts servers needs: a free loopback port, and child processes that are
 * killed with their whole process group when the benchmark exits, fails or is interrupted.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
