/**
 * `npm run bench:bundle`: the initial JavaScript of every route of the route table, from the build
 * manifest (goals: home at most 130 KB gzip, every route at most 150 KB). A route's initial
 * JavaScript is the entry chunk of index.html, the route's section chunk
 * (web/src/app/section-table.ts) and the English catalogue chunks of the namespaces the section
 * loads beside it (SECTION_NAMESPACES, docs/decisions/033-initial-javascript.md), each with every
 * chunk it imports statically, counted once. Chunks loaded later (modals, other sections, anything
 * else behind a dynamic import) are not initial and are left out. Sizes are the built files, raw and
 * gzip level 9 (as a static host would compress them).
 *
 *   npm run bench:bundle -- [--write]
 *
 * The browser's own count (every script a page fetched until the network was idle) is measured by
 * scripts/bundle-size.ts and shown beside the Lighthouse figures; it also counts what a screen loads
 * after its first paint.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { SECTION_NAMESPACES } from '../../web/src/app/route-table';
import { SECTION_OF_PATH, type SectionName } from '../../web/src/app/section-table';
import { ensureWebBuild, WEB_DIST } from '../start';
import { markers, writeBlock } from './doc-block';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MANIFEST = join(WEB_DIST, '.vite', 'manifest.json');
const MARKERS = markers('routejs', 'npm run bench:bundle');
const HOME_GOAL_KB = 130;
const ROUTE_GOAL_KB = 150;

/** One entry of Vite's build manifest (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const { values: flags } = parseArgs({ options: { write: { type: 'boolean', default: false } } });

function readManifest(): Manifest {
  ensureWebBuild();
  if (!existsSync(MANIFEST)) {
    // A build from before the manifest was switched on: build again.
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(ROOT, 'web', 'vite.config.ts'), '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The manifest keys of a chunk and of everything it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
  into.add(key);
  for (const next of chunk.imports ?? []) staticClosure(manifest, next, into);
  return into;
}

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(join(WEB_DIST, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const manifest = readManifest();
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const sectionKey = (name: SectionName) => {
    const key = Object.keys(manifest).find((k) => k === `src/app/sections/${name}.ts` || k === `src/app/sections/${name}.tsx`);
    if (!key) throw new Error(`the build manifest has no section chunk for ${name}`);
    return key;
  };

  // Paths showing the same section load the same JavaScript: one row per section, its paths listed.
  const pathsOf = new Map<SectionName, string[]>();
  for (const [path, section] of Object.entries(SECTION_OF_PATH)) pathsOf.set(section, [...(pathsOf.get(section) ?? []), path]);
  pathsOf.set('notFound', [...(pathsOf.get('notFound') ?? []), '(any other path)']);

  const rows = [...pathsOf].map(([section, paths]) => {
    const keys = staticClosure(manifest, sectionKey(section), staticClosure(manifest, entry));
    // The section's namespaces load with it (web/src/app/route-table.ts loadSection): initial too.
    for (const ns of SECTION_NAMESPACES[section]) staticClosure(manifest, `src/i18n/locales/en/${ns}.json`, keys);
    const files = [...keys].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
    const total = files.reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
    const own = sizeOf(manifest[sectionKey(section)]?.file ?? '');
    return { section, paths, chunks: files.length, total, own };
  });
  rows.sort((a, b) => b.total.gzip - a.total.gzip);

  const entryFiles = [...staticClosure(manifest, entry)].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
  const entryGzip = entryFiles.reduce((sum, f) => sum + sizeOf(f).gzip, 0);
  const home = rows.find((r) => r.section === 'index');

  const lines = [
    'Command: `npm run bench:bundle -- --write`',
    '',
    `Build: \`web/dist\` (Vite manifest \`web/dist/.vite/manifest.json\`), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `Initial JavaScript of a route: the entry chunk, the route's section chunk and the English catalogue chunks the section loads beside it, each with its static imports, counted once; ` +
      `gzip level 9 of the built files. The entry and its imports alone (every route loads them): ${kb(entryGzip)} KB gzip in ${entryFiles.length} files.`,
    '',
    '| section | paths | chunks | initial JS (raw) | initial JS (gzip) | section chunk (gzip) |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.section} | ${r.paths.map((p) => (p.startsWith('/') ? `\`${p}\`` : p)).join(', ')} | ${r.chunks} | ${kb(r.total.raw)} KB | ${kb(r.total.gzip)} KB | ${kb(r.own.gzip)} KB |`,
    ),
    '',
    'Goal:',
    '',
    home
      ? `- home (\`/\`): ${kb(home.total.gzip)} KB gzip — ${home.total.gzip <= HOME_GOAL_KB * 1024 ? 'met' : 'NOT met'} (goal <= ${HOME_GOAL_KB} KB)`
      : '- home: no index section in the manifest',
    `- largest route (${rows[0]?.section ?? 'none'}): ${kb(rows[0]?.total.gzip ?? 0)} KB gzip — ${(rows[0]?.total.gzip ?? 0) <= ROUTE_GOAL_KB * 1024 ? 'met' : 'NOT met'} (goal <= ${ROUTE_GOAL_KB} KB on every route)`,
  ];
  const block = lines.join('\n');
  process.stdout.write(`${block}\n`);
  if (flags.write) process.stderr.write(`[bundle] wrote ${writeBlock(MARKERS, block, '## Initial JavaScript per route (build manifest)')}\n`);
}

main();
