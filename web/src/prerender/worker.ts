/**
 * The pre-render step in a worker thread of the server (server/prerendered.ts), so that rendering
 * never holds up the requests the server answers meanwhile (its own API calls among them). One
 * message at a time: `{ id, kind: 'languages' | 'render', input }` answers `{ id, result }` or
 * `{ id, error }`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import './node-globals';
import type { RenderInput } from './render-page';

// The browser globals are in place before any module of the app is evaluated.
const { brandLanguages, renderPage, assembleDocument, selectorClasses, stylesheetsFor } = await import('./render-page');

/** The lazy chunks' stylesheets of the build (`/static/x.css` → its selectors' classes), read once. */
let sheets: Map<string, string[][]> | undefined;
function chunkSheets(webDist: string): Map<string, string[][]> {
  if (sheets) return sheets;
  sheets = new Map();
  const dir = join(webDist, 'static');
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { isEntry?: boolean; css?: string[] }>;
  // The entry's own stylesheet is in index.html already.
  const entryCss = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : [])));
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.css') || entryCss.has(`static/${file}`)) continue;
    sheets.set(`/static/${file}`, selectorClasses(readFileSync(join(dir, file), 'utf8')));
  }
  return sheets;
}

interface Job {
  id: number;
  kind: 'languages' | 'render';
  input: RenderInput;
  indexHtml?: string;
  webDist?: string;
}

let queue = Promise.resolve();

parentPort?.on('message', (job: Job) => {
  // Renders share the app's module state (query cache, i18n): one at a time.
  queue = queue.then(async () => {
    try {
      if (job.kind === 'languages') {
        parentPort?.postMessage({ id: job.id, result: await brandLanguages(job.input) });
        return;
      }
      const page = await renderPage(job.input);
      if (page.kind === 'none' || !job.indexHtml || !job.webDist) {
        parentPort?.postMessage({ id: job.id, result: page.kind === 'none' ? page : { kind: 'none', reason: 'no build to put the page in' } });
        return;
      }
      const document = assembleDocument(job.indexHtml, page, stylesheetsFor(page.html, chunkSheets(job.webDist)));
      parentPort?.postMessage({ id: job.id, result: { kind: 'page', document } });
    } catch (err) {
      parentPort?.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
});
