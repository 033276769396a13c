/**
 * Screenshots of the shell for docs/screenshots: home, a category page, /promotions,
 * /down, maintenance, IP restriction, the login modal and the side-menu flyout, in English and Urdu.
 * Needs a running portal with the QA control API (`npm start`); BASE_URL to point elsewhere.
 *
 *   npx tsx scripts/screenshots.ts [outDir]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from './chromium';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = process.argv[2] ?? 'docs/screenshots';

async function sim(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${BASE}/__sim${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`control API ${path}: ${res.status}`);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Let lazy images fade in and the open delay of modals pass.
  await page.waitForTimeout(700);
}

const shots: { name: string; path: string; before?: () => Promise<void>; act?: (page: Page) => Promise<void>; after?: () => Promise<void> }[] = [
  { name: 'home', path: '/' },
  { name: 'category-slots', path: '/rng' },
  { name: 'promotions', path: '/promotions' },
  { name: 'download', path: '/down' },
  {
    name: 'login-modal',
    path: '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: /log in|لاگ ان/i }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'side-menu-flyout',
    path: '/',
    act: async (page) => {
      await page.locator('.side-menu [data-category="RNG"]').hover();
      await page.locator('.flyout').waitFor();
    },
  },
  {
    name: 'logged-in-menu',
    path: '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: /log in|لاگ ان/i }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="username"]').fill('player01');
      await dialog.locator('input[name="password"]').fill('Passw0rd!');
      await dialog.locator('button[type="submit"]').click();
      await page.getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
      await page.locator('.avatar-menu__button').click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'maintenance', path: '/', before: () => sim('/status', { status: 1 }), after: () => sim('/status', { status: 0 }) },
  { name: 'ip-restriction', path: '/', before: () => sim('/status', { status: 2 }), after: () => sim('/status', { status: 0 }) },
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    for (const lang of ['EN', 'UR']) {
      for (const shot of shots) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
        await context.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
        const page = await context.newPage();
        await shot.before?.();
        try {
          await page.goto(BASE + shot.path);
          await settle(page);
          await shot.act?.(page);
          await settle(page);
          const file = join(OUT, `shell-${shot.name}-${lang.toLowerCase()}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        } finally {
          await shot.after?.();
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
