/**
 * Phone screenshots for docs/screenshots/mobile: a 390 × 844 touch screen in English and
 * Urdu — home, the drawer, a lobby, the login sheet, the register page, /down with the lite-app
 * install, the members centre and the agent centre. `--desktop` takes home and the lobby at
 * 1440 × 900 instead (into the same folder, `desktop-*`), to check the wide layout is unbroken.
 * Needs a running portal with the QA control API (`npm start`); BASE_URL to point elsewhere.
 *
 *   npx tsx scripts/screenshots-mobile.ts [--desktop] [outDir]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContextOptions, type Page } from '@playwright/test';
import { chromiumPath } from './chromium';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const args = process.argv.slice(2);
const DESKTOP = args.includes('--desktop');
const OUT = args.find((a) => !a.startsWith('--')) ?? 'docs/screenshots/mobile';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const WIDE: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

/** The page has drawn: no boot or section spinner, images loaded, no request in flight. */
async function settle(page: Page): Promise<void> {
  await page.locator('.shell__pending, .boot').waitFor({ state: 'detached' }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)))));
  await page.evaluate(() => document.fonts.ready);
}

const openLogin = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Log in|لاگ ان)$/ }).click();

async function logIn(page: Page, username: string): Promise<void> {
  await openLogin(page);
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="username"]').fill(username);
  await dialog.locator('input[name="password"]').fill('Passw0rd!');
  await dialog.locator('button[type="submit"]').click();
  await page.getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
  // The announcements popup that follows a login.
  const popup = page.getByRole('dialog');
  await popup.waitFor({ timeout: 3_000 }).catch(() => {});
  if (await popup.count()) await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
}

/** A dialog has finished sliding in. */
async function dialogShown(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

interface Shot {
  name: string;
  path: string;
  /** The whole page, not the first screen. */
  full?: boolean;
  act?: (page: Page) => Promise<void>;
}

const phoneShots: Shot[] = [
  { name: 'home', path: '/' },
  {
    name: 'home-drawer',
    path: '/',
    act: async (page) => {
      await page.locator('#drawer-button').click();
      await page.locator('#side-menu').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      await page.waitForFunction(() => getComputedStyle(document.getElementById('side-menu')!).insetInlineStart === '0px');
    },
  },
  { name: 'lobby', path: '/rng?page=PG' },
  {
    name: 'login',
    path: '/',
    act: async (page) => {
      await openLogin(page);
      await dialogShown(page);
    },
  },
  { name: 'register', path: '/register' },
  { name: 'download', path: '/down', full: true },
  {
    name: 'member-centre',
    path: '/',
    act: async (page) => {
      await logIn(page, 'player01');
      await page.getByRole('banner').getByRole('button', { name: /^(Deposit|جمع کروائیں)$/ }).click();
      await dialogShown(page);
      await settle(page);
    },
  },
  {
    name: 'agent-centre',
    path: '/',
    act: async (page) => {
      await logIn(page, 'agent01');
      await page.locator('.avatar-menu__button').click();
      await page.getByRole('menuitem').filter({ hasText: /^(Agent centre|ایجنٹ سینٹر)$/ }).click();
      await dialogShown(page);
      await settle(page);
    },
  },
];

const desktopShots: Shot[] = [
  { name: 'desktop-home', path: '/' },
  { name: 'desktop-lobby', path: '/rng?page=PG' },
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    for (const lang of ['EN', 'UR']) {
      for (const shot of DESKTOP ? desktopShots : phoneShots) {
        const context = await browser.newContext({ ...(DESKTOP ? WIDE : PHONE), serviceWorkers: 'block' });
        await context.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
        const page = await context.newPage();
        try {
          await page.goto(BASE + shot.path);
          await settle(page);
          await shot.act?.(page);
          const file = join(OUT, `${shot.name}-${lang.toLowerCase()}.png`);
          await page.screenshot({ path: file, fullPage: shot.full === true });
          console.log(file);
        } finally {
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
