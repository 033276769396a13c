/**
 * Lazy catalogues (docs/decisions/033-initial-javascript.md): the entry chunk carries only the
 * shell's namespaces, and every lazily loaded chunk (a route's section, a modal, a root page) loads
 * the other namespaces its code uses beside it. A namespace used by a chunk but missing from its list
 * would show its keys until react-i18next fetched it, and break the hydration of a pre-rendered page.
 *
 * The code a chunk runs is found from the sources: the static imports of its module, transitively,
 * stopping at dynamic imports (another chunk). The namespaces a file uses are its
 * `useTranslation(...)` arguments, its `'ns:key'` strings and its `ns: '...'` options, less those it
 * loads itself (`loadNamespaces([...])`) before using them.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SECTION_NAMES, SECTION_NAMESPACES } from './route-table';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const CATALOGUES = readdirSync(resolve(SRC, 'i18n/locales/en')).map((f) => f.replace(/\.json$/, ''));
/** Kept equal to SHELL_NAMESPACES in i18n/index.ts (that module needs Vite's import.meta.glob). */
const SHELL = ['common', 'content', 'errors', 'footer', 'header', 'sideMenu'];

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The source files a module runs with, through static imports only. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8').replace(/import\(\s*'[^']*'\s*\)/g, '');
  for (const match of code.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)) {
    const next = resolveImport(file, match[1] ?? '');
    if (next) staticClosure(next, seen);
  }
  return seen;
}

function namespacesOf(files: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const own = new Set<string>();
    for (const m of code.matchAll(/useTranslation\(([^)]*)\)/g)) for (const s of (m[1] ?? '').matchAll(/'(\w+)'/g)) own.add(s[1] ?? '');
    for (const m of code.matchAll(/'(\w+):[\w.]+'/g)) own.add(m[1] ?? '');
    for (const m of code.matchAll(/ns:\s*'(\w+)'/g)) own.add(m[1] ?? '');
    // A file that loads a namespace itself before using it (`loadNamespaces(['auth'])`) needs no list.
    for (const m of code.matchAll(/loadNamespaces\(\[([^\]]*)\]\)/g)) for (const s of (m[1] ?? '').matchAll(/'(\w+)'/g)) own.delete(s[1] ?? '');
    for (const ns of own) found.add(ns);
  }
  return new Set([...found].filter((ns) => CATALOGUES.includes(ns)));
}

/** Namespaces a chunk's code uses that are neither the shell's nor in its list. */
function missing(module: string, listed: readonly string[]): string[] {
  return [...namespacesOf(staticClosure(module))].filter((ns) => !SHELL.includes(ns) && !listed.includes(ns)).sort();
}

/** `withNamespaces(import('…'), ['a', 'b'])` calls of a source file: the chunk and its list. */
function lazyChunksOf(file: string): { module: string; listed: string[] }[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/withNamespaces\(import\('([^']+)'\),\s*\[([^\]]*)\]\)/g)].map((m) => ({
    module: resolveImport(file, m[1] ?? '') ?? `unresolved ${m[1]}`,
    listed: [...(m[2] ?? '').matchAll(/'(\w+)'/g)].map((s) => s[1] ?? ''),
  }));
}

describe('lazy catalogue namespaces', () => {
  it('the shell list matches i18n/index.ts', () => {
    const code = readFileSync(resolve(SRC, 'i18n/index.ts'), 'utf8');
    const declared = /SHELL_NAMESPACES = \[([^\]]*)\]/.exec(code)?.[1] ?? '';
    expect([...declared.matchAll(/'(\w+)'/g)].map((m) => m[1])).toEqual(SHELL);
    // The eager English glob and the lazy one's exclusion name the same files.
    for (const glob of code.matchAll(/locales\/en\/\{([^}]*)\}\.json/g)) expect((glob[1] ?? '').split(',')).toEqual(SHELL);
  });

  it('the entry chunk uses only the shell namespaces', () => {
    expect([...namespacesOf(staticClosure(resolve(SRC, 'main.tsx')))].filter((ns) => !SHELL.includes(ns))).toEqual([]);
  });

  it.each(SECTION_NAMES)('section %s lists every namespace it uses', (section) => {
    expect(missing(resolve(SRC, `app/sections/${section}.ts`), SECTION_NAMESPACES[section])).toEqual([]);
  });

  it('every modal and root page lists every namespace it uses', () => {
    const chunks = [...lazyChunksOf(resolve(SRC, 'app/modal-host.tsx')), ...lazyChunksOf(resolve(SRC, 'app/root.tsx'))];
    expect(chunks.length).toBe(15);
    for (const { module, listed } of chunks) expect(missing(module, listed), module).toEqual([]);
  });

  it('finds a namespace a chunk uses but does not list', () => {
    // The check itself: the register modal without its list misses register (and auth).
    expect(missing(resolve(SRC, 'features/register/register-modal.tsx'), [])).toEqual(['auth', 'register']);
  });
});
