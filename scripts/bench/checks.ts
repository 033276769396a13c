/**
 * `npm run bench:checks`: the first part of `npm test` (`run-p typecheck lint`: the type check beside
 * ESLint and the contract's lint), its wall time and the CPU of everything it starts, read with
 * `times` in the shell that ran it (every process of the part is reaped up the chain, so its CPU is
 * counted).
 *
 *   npm run bench:checks -- [--rounds 3] [--against CHECKOUT]
 *
 * `--against CHECKOUT` runs the same part in another checkout of the repository with its own
 * node_modules (its own compilers), the two taking turns in each round, so a change is measured side
 * by side with the code before it on the same machine at the same time. A failing part fails the
 * bench: a check that finds errors is not a time to compare.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { positive } from './flags';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PART = 'npx run-p typecheck lint';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, against: { type: 'string' } },
});
const rounds = positive(flags.rounds, 'rounds');
const checkouts: [string, string][] = [['this checkout', ROOT]];
if (flags.against) {
  const dir = resolve(flags.against);
  if (!existsSync(resolve(dir, 'node_modules'))) throw new Error(`--against ${dir}: no node_modules there (run npm ci in it)`);
  checkouts.push(['against', dir]);
}

interface Run { wall: number; cpu: number }

/** One run of the part in `dir`: wall seconds, and user + system seconds of all it started. */
function runPart(dir: string): Run {
  // The part's own output goes to stderr (shown if it fails); `times` then prints the shell's own and
  // its children's user and system time on stdout, the children's on the last line: "XmY.YYYs XmY.YYYs".
  const start = performance.now();
  const out = spawnSync('bash', ['-c', `${PART} 1>&2 || exit 1; times`], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wall = (performance.now() - start) / 1000;
  if (out.status !== 0) throw new Error(`${PART} failed in ${dir}:\n${out.stderr}`);
  const children = out.stdout.trim().split('\n').at(-1)!;
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
  return { wall, cpu };
}

const results = new Map<string, Run[]>(checkouts.map(([name]) => [name, []]));
console.log(`${PART}, ${rounds} rounds, load average at the start ${loadavg()[0]!.toFixed(2)}`);
for (let round = 1; round <= rounds; round++) {
  for (const [name, dir] of checkouts) {
    const run = runPart(dir);
    results.get(name)!.push(run);
    console.log(`round ${round}, ${name}: ${run.wall.toFixed(1)} s, ${run.cpu.toFixed(1)} CPU s`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medians = new Map([...results].map(([name, runs]): [string, Run] => [name, { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) }]));
const base = medians.get('against');
console.log('\n| checkout | wall (median) | CPU (median) | wall ÷ against | CPU ÷ against |\n|---|---:|---:|---:|---:|');
for (const [name, m] of medians) {
  const ratio = (key: keyof Run) => (base ? `${(m[key] / base[key]).toFixed(2)}x` : '');
  console.log(`| ${name} | ${m.wall.toFixed(1)} s | ${m.cpu.toFixed(1)} s | ${ratio('wall')} | ${ratio('cpu')} |`);
}
