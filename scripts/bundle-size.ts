/**
 * Initial JavaScript of a route, gzip-compressed (issue 4 goal: home under 200 KB). Loads the route
 * in Chromium against a running portal, takes every script the page fetched until the network was
 * idle, and gzips the built files (level 9, as a static host would).
 *
 *   npx tsx scripts/bundle-size.ts [route=/] [baseUrl=http://localhost:8080]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium';
import { WEB_DIST } from './start';

async function main(): Promise<void> {
  const route = process.argv[2] ?? '/';
  const base = process.argv[3] ?? process.env.BASE_URL ?? 'http://localhost:8080';
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === new URL(base).origin && url.pathname.startsWith('/static/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await browser.close();
  let raw = 0;
  let gzip = 0;
  const rows = [...scripts].map((path) => {
    const bytes = readFileSync(join(WEB_DIST, path));
    const gz = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += gz;
    return { file: path.replace('/static/', ''), kb: +(bytes.length / 1024).toFixed(1), gzipKb: +(gz / 1024).toFixed(1) };
  });
  rows.sort((a, b) => b.gzipKb - a.gzipKb);
  console.table(rows);
  console.log(`${route}: ${rows.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
