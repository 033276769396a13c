/**
 * What a world file's rows must be beyond their types, checked when the file is imported
 * (server/sim/world-file.ts), after every row fits its table's schema and before anything is
 * replaced: the rules each table declares beside its definition (TableDef.rules). Money is an
 * amount as the contract moves it (finite, two decimals, within ±MONEY_LIMIT), counts and ids are
 * not negative, a counter's next id is above every id it handed out, and a row naming a row of
 * another table names one that is there. A table with an `accountField` names an account of
 * `accounts` in it (an expired guest's rows go with the guest, Sim.sweep, so no row of the
 * simulator's own names an account that is gone).
 *
 * The rules are not checked when a state directory's world is loaded: only the simulator writes
 * those files, and an import is the only way rows from elsewhere get in.
 */
import { isMoney, MONEY_LIMIT } from '../../../openapi/money';
import { ACCOUNTS } from './kernel-tables';
import { worldTables, type TableDef } from './schema';

/** A world's rows by table name, as a world file holds them. */
export type FileRows = ReadonlyMap<string, readonly [string, unknown][]>;

/** Every value at a rule's path of a row, with the path it was found at (`/balances/PG`). */
function* valuesAt(value: unknown, segments: readonly string[], path = ''): Generator<[string, unknown]> {
  if (value === undefined || value === null) return;
  if (segments.length === 0) {
    yield [path, value];
    return;
  }
  if (typeof value !== 'object') return;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*') {
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, inner] of entries) yield* valuesAt(inner, rest, `${path}/${key}`);
  } else if (Object.hasOwn(value, head)) {
    yield* valuesAt((value as Record<string, unknown>)[head], rest, `${path}/${head}`);
  }
}

const split = (path: string) => path.split('/').filter((s) => s !== '');

/** The references of a table: its account field's, and those it declares. */
export function referencesOf(def: TableDef): [string, string][] {
  const declared = Object.entries(def.rules?.references ?? {});
  return def.accountField && def.name !== ACCOUNTS.name ? [[def.accountField, ACCOUNTS.name], ...declared] : declared;
}

/** A table's rules in words, for the table reference (docs/world-tables.md); '' when it has none. */
export function rulesInWords(def: TableDef): string {
  const code = (paths: readonly string[]) => paths.map((p) => `\`${p}\``).join(', ');
  const parts: string[] = [];
  if (def.rules?.money?.length) parts.push(`money (two decimals, within ±${MONEY_LIMIT}): ${code(def.rules.money)}`);
  if (def.rules?.nonNegative?.length) parts.push(`not below zero: ${code(def.rules.nonNegative)}`);
  for (const [path, table] of referencesOf(def)) parts.push(`\`${path}\` names a row of \`${table}\``);
  for (const [path, target] of Object.entries(def.rules?.nextIds ?? {})) parts.push(`\`${path}\` is above every \`${target.path}\` of \`${target.table}\``);
  return parts.join('; ');
}

/**
 * The first row of `rows` that breaks its table's rules, said as `table "T", row "K": /field …`, or
 * null when every row keeps them.
 */
export function consistencyProblem(rows: FileRows): string | null {
  const keys = new Map<string, Set<string>>();
  const keysOf = (table: string) => {
    let set = keys.get(table);
    if (!set) {
      set = new Set((rows.get(table) ?? []).map(([key]) => key));
      keys.set(table, set);
    }
    return set;
  };
  /** The largest id at a path of a table's rows, and the row holding it. */
  const highest = (table: string, path: string): { id: number; key: string } | null => {
    let top: { id: number; key: string } | null = null;
    for (const [key, row] of rows.get(table) ?? []) {
      for (const [, id] of valuesAt(row, split(path))) if (typeof id === 'number' && (!top || id > top.id)) top = { id, key };
    }
    return top;
  };

  for (const def of worldTables()) {
    const rules = def.rules;
    const references = referencesOf(def);
    if (!rules && references.length === 0) continue;
    for (const [key, row] of rows.get(def.name) ?? []) {
      const where = `table "${def.name}", row "${key}"`;
      for (const path of rules?.money ?? []) {
        for (const [at, value] of valuesAt(row, split(path))) {
          if (!isMoney(value) || Math.abs(value) > MONEY_LIMIT) {
            return `${where}: ${at} is ${String(value)}, not an amount of money (finite, at most two decimals, within ±${MONEY_LIMIT})`;
          }
        }
      }
      for (const path of rules?.nonNegative ?? []) {
        for (const [at, value] of valuesAt(row, split(path))) {
          if (typeof value !== 'number' || !(value >= 0)) return `${where}: ${at} is ${String(value)}, below zero`;
        }
      }
      for (const [path, table] of references) {
        for (const [at, value] of valuesAt(row, split(path))) {
          if (typeof value !== 'string' || !keysOf(table).has(value)) return `${where}: ${at} is "${String(value)}", which is no row of table "${table}"`;
        }
      }
      for (const [path, target] of Object.entries(rules?.nextIds ?? {})) {
        for (const [at, value] of valuesAt(row, split(path))) {
          const top = highest(target.table, target.path);
          if (top && !(typeof value === 'number' && value > top.id)) {
            return `${where}: ${at} is ${String(value)}, not above ${top.id}, the id at /${target.path} of table "${target.table}", row "${top.key}" (the next id would take it again)`;
          }
        }
      }
    }
  }
  return null;
}
