/**
 * `npm run sim -- <command>`: drives the simulator's QA control API from a terminal. The commands
 * are the sandbox kit's (`lotus-sim`, packages/sandbox-kit/src/cli.ts, ADR 024); the portal adds
 * the ones below that need its own source. Run `npm run sim -- help` for the list. The server is
 * found at --url, else $SIM_URL, else http://localhost:${PORT:-8080}; the control token is
 * $SIM_CONTROL_TOKEN. Exit codes: 0 done, 1 the simulator refused, 2 usage error, 3 simulator
 * unreachable.
 */
import { EXIT, helpText, main as kitMain, runAsProcess, type CliCommand, type CliContext, type CliIo } from '../packages/sandbox-kit/src/cli';
import { isEntryPoint } from '../server/command-args';
import { driftCommand } from '../server/gateway/drift';
import { importBrand } from '../server/gateway/import-brand';
import { Sim } from '../server/sim/state';
import { migrateStateDir } from '../server/sim/state-migrate';
import { FIXTURES_DIR, forgetBrand } from '../server/sim/world';

export { EXIT, formatDuration, journalLine, parseDuration, type CliIo } from '../packages/sandbox-kit/src/cli';

const PROGRAM = 'npm run sim --';

/**
 * Portal-only commands: dispatched before the kit's, listed in the help. A new one is an entry
 * here (with its function below).
 */
export const PORTAL_COMMANDS: readonly CliCommand[] = [
  {
    name: 'import',
    help: `  import <DIR> --brand <NAME>             turn a gateway recording (npm start -- --gateway URL
                                          --record DIR) into fixtures/brands/NAME; run it with
                                          npm start -- --brand NAME (works offline, no server)`,
    valueOptions: ['brand'],
    run: importCommand,
  },
  {
    name: 'drift',
    help: `  drift <DIR> [--gateway URL] [--json]    what a recording's replies (or the gateway, called now
                                          with its public reads) send that the contract does not
                                          say, per operation; exit 1 on drift (no server needed)`,
    valueOptions: ['gateway', 'merchant', 'language'],
    // Local, with its own argument rules (ADR 025): no simulator, no control API.
    run: ({ positional, options, io }) =>
      driftCommand([...positional.slice(1), ...[...options].flatMap(([name, value]) => (value === true ? [`--${name}`] : [`--${name}`, value]))], io),
  },
  {
    name: 'state',
    help: `  state migrate <DIR>                     convert a state directory of format 1 (JSON files) to
                                          SQLite worlds; the old files move to DIR/format-1 (no server)`,
    // `state` alone is the kit's command (the world's state).
    matches: (positional) => positional[1] === 'migrate',
    run: migrateCommand,
  },
];

export const HELP = helpText(PROGRAM, PORTAL_COMMANDS);

/** Runs one command; returns the exit code (the caller exits with it). */
export function main(argv: readonly string[], io?: CliIo): Promise<number> {
  return kitMain(argv, io, { program: PROGRAM, commands: PORTAL_COMMANDS });
}

/** `import DIR --brand NAME`: a local command, no simulator needed. */
function importCommand({ positional, options, print, io, usage }: CliContext): number {
  const [, dir, ...rest] = positional;
  const brand = options.get('brand');
  if (!dir || rest.length || typeof brand !== 'string') return usage('Usage: import <DIR> --brand <NAME>');
  try {
    const result = importBrand(dir, brand, FIXTURES_DIR, (name) => {
      forgetBrand(name);
      new Sim({ brand: name });
    });
    print(result, () => [
      `Imported ${dir} as brand "${brand}" into ${result.dir}:`,
      ...Object.entries(result.written).map(([file, ops]) => `  ${file.padEnd(20)} from ${ops.join(', ')}`),
      ...(result.defaulted.length ? [`  default fixtures kept for: ${result.defaulted.join(', ')}`] : []),
      `Run it: npm start -- --brand ${brand}`,
    ]);
    return EXIT.ok;
  } catch (err) {
    io.err(`Import failed: ${(err as Error).message}`);
    return EXIT.refused;
  }
}

/** `state migrate DIR`: a local command, no simulator needed (server/sim/state-migrate.ts). */
function migrateCommand({ positional, print, io, usage }: CliContext): number {
  const [, sub, dir, ...rest] = positional;
  if (sub !== 'migrate' || !dir || rest.length) return usage('Usage: state migrate <DIR>');
  try {
    const worlds = migrateStateDir(dir);
    print(worlds, () =>
      worlds.flatMap((w) => [
        `World "${w.name}" (${w.scenario || 'not converted'}): ${Object.entries(w.rows).filter(([, n]) => n > 0).map(([t, n]) => `${n} ${t}`).join(', ')}`,
        ...w.notConverted.map((line) => `  not converted: ${line}`),
      ]),
    );
    return EXIT.ok;
  } catch (err) {
    io.err(`Migration failed: ${(err as Error).message}`);
    return EXIT.refused;
  }
}


if (isEntryPoint(import.meta.url)) runAsProcess(process.argv.slice(2), { program: PROGRAM, commands: PORTAL_COMMANDS });
