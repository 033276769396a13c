/**
 * Every error code the server can send is in the error registry (openapi/errors.ts), so each has an
 * English default and a text in every language of the errors catalogue: the simulator's routes and
 * plugins, gateway mode's proxy and the asset routes. Codes passed to ApiError and its helpers are
 * checked by the compiler; this reads the codes written straight into an envelope (`errorCode: …`)
 * or kept in a constant, anywhere under server/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode } from '../openapi/errors';
import { ControlErrorCode } from '../server/control/contract';

const SERVER = fileURLToPath(new URL('../server', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const files = sources(SERVER).map((file) => ({ file: relative(SERVER, file), text: readFileSync(file, 'utf8') }));
/** `const NAME = 'code'` anywhere under server/ (with or without `export` and `satisfies`). */
const constants = new Map<string, string>();
for (const { text } of files) {
  for (const m of text.matchAll(/\bconst ([A-Z][A-Z0-9_]+) = '([^']+)'/g)) if (m[1] && m[2]) constants.set(m[1], m[2]);
}
const named: Record<string, Record<string, string>> = { ErrorCode, ControlErrorCode };

/** The codes an `errorCode: <expression>` can be: its string literals and the constants it names. */
function codesOf(expression: string): string[] {
  const out: string[] = [];
  for (const m of expression.matchAll(/'([^']+)'|\b(ErrorCode|ControlErrorCode)\.(\w+)|\b([A-Z][A-Z0-9_]+)\b/g)) {
    if (m[1]) out.push(m[1]);
    else if (m[2] && m[3]) out.push(named[m[2]]?.[m[3]] ?? `${m[2]}.${m[3]} (no such name)`);
    else if (m[4] && constants.has(m[4])) out.push(constants.get(m[4]) as string);
  }
  return out;
}

function sentCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text } of files) {
    // An envelope property written in code (not a type or a schema: `errorCode?:`, `errorCode: Type.`).
    for (const m of text.matchAll(/\berrorCode: (?!Type\.|string|ErrorCodeName|ClientErrorCode)([^,}\n]+)/g)) {
      for (const code of codesOf(m[1] ?? '')) found.set(code, [...(found.get(code) ?? []), file]);
    }
  }
  return found;
}

describe('error codes the server sends', () => {
  const found = sentCodes();

  it('finds the codes of the proxy, durable state, assets and the contract layer (the scan reads them)', () => {
    for (const code of ['gateway.contract.violation', 'gateway.unreachable', 'gateway.timeout', 'sim.state.unwritable', 'sim.world.removed', 'request_param_err', 'resource.not.found', 'sim.fault.injected']) {
      expect([...found.keys()], code).toContain(code);
    }
  });

  it('are all in the error registry', () => {
    const known = new Set<string>(ERROR_CODES);
    const missing = [...found].filter(([code]) => !known.has(code)).map(([code, where]) => `${code} (${[...new Set(where)].join(', ')})`);
    expect(missing).toEqual([]);
  });
});
