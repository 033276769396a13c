/**
 * `npm run test:e2e`: make sure Chromium and a fresh web build exist, then run Playwright.
 * Extra arguments go to Playwright (`npm run test:e2e -- e2e/home.spec.ts`).
 */
import { spawnSync } from 'node:child_process';
import { ensureTestChromium } from './chromium';
import { ensureWebBuild } from './start';

process.env.CHROMIUM_PATH = ensureTestChromium();
ensureWebBuild();
const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
