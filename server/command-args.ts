/**
 * The option parsing the repository's commands share (`npm run contract:diff`, `npm run sim -- drift`):
 * node:util's parseArgs, strict, with positionals, the `--` npm passes along dropped; an unknown or
 * malformed option is reported with the command's usage text instead of a stack trace.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export type ParsedCommand<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true }>>;

/** The command's values and positionals, or null after `err` was given the reason and the usage. */
export function parseCommandArgs<const O extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: O,
  usage: string,
  err: (line: string) => void,
): ParsedCommand<O> | null {
  try {
    return parseArgs({ args: argv.filter((a) => a !== '--'), options, allowPositionals: true });
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`);
    return null;
  }
}

/**
 * Whether the module at `moduleUrl` is the script node was started with (symlinks resolved, as npm's
 * bin links are): a command file runs its main only then, and stays importable by tests.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}
