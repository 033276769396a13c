/**
 * What every benchmark that starts servers needs: a free loopback port, child processes that are
 * killed with their whole process group when the benchmark exits, fails or is interrupted, the
 * portal of a checkout started on such a port, and the load generator and the servers on cores of
 * their own (`--pin`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
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

/**
 * `--pin`: the load generator (this process, every thread of it) on the first core and the servers
 * on the others, with taskset (util-linux), so neither takes the other's core and the kernel's
 * loopback work lands where each side runs, as with a load generator on a machine of its own. Every
 * target is pinned alike; without a second core or taskset the option is refused. Returns the
 * servers' cores as taskset names them.
 */
export function pinLoadGenerator(): string {
  const cores = cpus().length;
  if (cores < 2) throw new Error('--pin needs at least two cores: one for the load generator, the rest for the servers');
  try {
    execFileSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' });
  } catch (err) {
    throw new Error(`--pin needs taskset (util-linux): ${(err as Error).message}`, { cause: err });
  }
  return cores === 2 ? '1' : `1-${cores - 1}`;
}

/** The command and arguments of a server process, on `cores` (taskset) when they are given. */
export function pinnedCommand(cores: string | undefined, command: string, args: string[]): [string, string[]] {
  return cores ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
}
