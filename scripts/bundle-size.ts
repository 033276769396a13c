/**
 * Initial JavaScript of a route, gzip-compressed (budget: home under 200 KB). Loads the route
 * in Chromium against a running portal, takes every script the page fetched until the network was
 * idle, and gzips the built files (level 9, as a static host would).
 *
 *   npx tsx scripts/bundle-size.ts [route=/] [baseUrl=http://localhost:8080]
 *
 * `measureRouteScripts` is the same measure for other scripts (the Lighthouse bench reports it next
 * to each page's scores).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath } from './chromium';
import { WEB_DIST } from './start';

export interface ScriptSize {
  /** File name under web/dist/static. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteScripts {
  route: string;
  /** Largest (gzip) first. */
  scripts: ScriptSize[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The scripts a route loads until the network is idle, sized from the built files in `webDist`.
 * Pass a browser to measure several routes with one launch; otherwise one is started and closed.
 */
export async function measureRouteScripts(
  baseUrl: string,
  route: string,
  options: { browser?: Browser; webDist?: string } = {},
): Promise<RouteScripts> {
  const browser =
    options.browser ??
    (await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] }));
  const origin = new URL(baseUrl).origin;
  const files = new Set<string>();
  try {
    // A fresh context per route: nothing cached or stored from an earlier route.
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (
        url.origin === origin &&
        url.pathname.startsWith('/static/') &&
        url.pathname.endsWith('.js')
      )
        files.add(url.pathname);
    });
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
    await context.close();
  } finally {
    if (!options.browser) await browser.close();
  }
  const dist = options.webDist ?? WEB_DIST;
  const scripts = [...files].map((path) => {
    const bytes = readFileSync(join(dist, path));
    return {
      file: path.replace('/static/', ''),
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
    };
  });
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    route,
    scripts,
    rawBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
  };
}

export const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const route = process.argv[2] ?? '/';
  const base = process.argv[3] ?? process.env.BASE_URL ?? 'http://localhost:8080';
  const result = await measureRouteScripts(base, route);
  console.table(
    result.scripts.map((s) => ({ file: s.file, kb: kb(s.bytes), gzipKb: kb(s.gzipBytes) })),
  );
  console.log(
    `${route}: ${result.scripts.length} scripts, ${kb(result.rawBytes).toFixed(1)} KB raw, ${kb(result.gzipBytes).toFixed(1)} KB gzip`,
  );
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
