/**
 * Reading the world's JSON files (fixtures/ and fixtures/scenarios/) against their schemas
 * (openapi/fixtures.ts). Each schema is compiled once, and each file is checked once when first
 * read (the callers cache the result), so a world costs a structured clone, not a validation. A file
 * that does not satisfy its schema throws a FixtureError naming the file and the JSON path, which
 * stops the start.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { FIXTURE_SCHEMAS, ScenarioSchema, type FixtureFile, type FixtureOf, type Scenario } from '../../openapi/fixtures';

/** A fixture file that is not valid JSON or does not satisfy its schema. */
export class FixtureError extends Error {
  constructor(
    readonly file: string,
    /** JSON pointer of the first failing value ('' for the whole document). */
    readonly jsonPath: string,
    detail: string,
  ) {
    super(`fixture ${file}${jsonPath ? ` at ${jsonPath}` : ''}: ${detail}`);
    this.name = 'FixtureError';
  }
}

const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf<S extends TSchema>(schema: S): TypeCheck<S> {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = TypeCompiler.Compile(schema);
    checkers.set(schema, checker);
  }
  // The map is keyed by the schema object itself, so the checker stored for it is its own.
  return checker as TypeCheck<S>;
}

/** Parses and checks one file's text; `file` names it in errors. */
export function parseFixture<S extends TSchema>(file: string, text: string, schema: S): Static<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new FixtureError(file, '', `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const checker = checkerOf(schema);
  if (checker.Check(data)) return data;
  const first = checker.Errors(data).First();
  throw new FixtureError(file, first?.path ?? '', first ? `${first.message} (got ${JSON.stringify(first.value)?.slice(0, 80)})` : 'invalid');
}

/** Reads `dir/name` and checks it against the file's schema; undefined when the file does not exist. */
export function readFixtureFile<F extends FixtureFile>(dir: string, name: F): FixtureOf<F> | undefined {
  const path = join(dir, name);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return parseFixture(path, text, FIXTURE_SCHEMAS[name]);
}

/** Reads a scenario file and checks it; its name must match the file name. */
export function readScenarioFile(path: string): Scenario {
  const scenario = parseFixture(path, readFileSync(path, 'utf8'), ScenarioSchema);
  const expected = basename(path, '.json');
  if (scenario.name !== expected) throw new FixtureError(path, '/name', `must be "${expected}" (the file name)`);
  return scenario;
}
