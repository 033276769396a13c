/**
 * Accessibility: axe-core with the WCAG 2 A and AA rules on every route of the
 * route table, every app-level modal and the maintenance and IP-restriction pages, in English and in
 * Urdu (right to left). Serious and critical findings fail the test; moderate and minor ones are
 * printed and attached to the test as annotations.
 *
 * Pages are checked once they have settled (no boot screen, spinner, skeleton or busy list left),
 * with reduced motion so no transition is caught half-way. Modals are checked on their own
 * (`include`), the page behind them being checked by the route tests. Controls are found by the
 * app's own translations, so the same steps run in both languages. Keyboard-only login and
 * registration are tested in login.spec.ts and register.spec.ts.
 *
 * Cost (the whole suite has 10 minutes on 2 cores): one page per language visits every route by
 * the router (as a click would, no reload), and one page per account opens the modals in turn;
 * each check is a soft assertion in its own step, so one finding does not hide the others. axe runs
 * with `axe.run` in the page (as AxeBuilder's legacy mode) and details violations only: the
 * builder's default mode opens a blank page per check to merge frame results, three times the cost.
 * `axe.run` reaches same-origin frames only, and every frame here is the simulator's own
 * (/__demo/chat, /__demo/game). axe's source goes into each document once (e2e/axe.ts), not on every
 * check as the builder does.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, gradientContrastViolations, type AxeResult } from './axe';
import { paths } from '../web/src/config/paths';
import { AGENT, expect, NO_SUCH_PAGE, routerGo, test as base, useSession } from './fixtures';

type Lang = 'EN' | 'UR';
const HTML_LANG: Record<Lang, string> = { EN: 'en', UR: 'ur' };

const locales = new Map<string, Record<string, string>>();
/** A string of the app's catalogue (web/src/i18n/locales), with {{name}} placeholders filled. */
function tr(lang: Lang, key: `${string}:${string}`, vars: Record<string, string> = {}): string {
  const [ns = '', id = ''] = key.split(':');
  const file = `${HTML_LANG[lang]}/${ns}`;
  let bundle = locales.get(file);
  if (!bundle) {
    bundle = JSON.parse(
      readFileSync(new URL(`../web/src/i18n/locales/${file}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    locales.set(file, bundle);
  }
  const text = bundle[id];
  if (text === undefined) throw new Error(`no ${key} in the ${lang} catalogue`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
/** A catalogue string with a placeholder of unknown value (the account menu's user name). */
function trPattern(lang: Lang, key: `${string}:${string}`): RegExp {
  const escaped = tr(lang, key, { name: '\u0000' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('\u0000', '.*')}$`);
}

const test = base.extend<{ lang: Lang }>({
  lang: ['EN', { option: true }],
  // The language the app keeps in localStorage `hisLang`, set before it starts.
  page: async ({ page, lang }, use) => {
    await page.addInitScript((code) => localStorage.setItem('hisLang', code), lang);
    await use(page);
  },
});

/** Anything still loading: the boot screen, spinners, skeletons, busy lists. */
const BUSY =
  '#root > .boot, .spinner, .page-spinner, [class*="skeleton"], [class*="shimmer"], [aria-busy="true"]';

async function settled(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
  await expect(page.locator(BUSY)).toHaveCount(0, { timeout: 15_000 });
}

/** Go to an app route through the router, without reloading, and wait until the shell shows it. */
async function navigate(page: Page, path: string): Promise<void> {
  await routerGo(page, path);
  await expect(
    page.locator(`.shell[data-route="${new URL(path, 'http://x').pathname}"]`),
  ).toBeVisible();
}

type Violation = AxeResult;
type Node = Violation['nodes'][number];

/** For contrast findings, the colours and ratio axe measured (the first check's data). */
function contrast(node: Node): string {
  const data = node.any[0]?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]` : '';
}

const describe = (v: Violation) =>
  `${v.impact ?? 'unknown'} ${v.id} (${v.help}): ${v.nodes
    .slice(0, 6)
    .map((n) => `${n.target.join(' ')}${contrast(n)}`)
    .join(', ')}${v.nodes.length > 6 ? `, … ${v.nodes.length} in all` : ''}`;

/** Run axe (WCAG 2 A + AA) on the page or on `scope`; serious or critical findings fail the test. */
async function expectAccessible(page: Page, where: string, scope?: string): Promise<void> {
  const violations = await axeViolations(page, { include: scope });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of violations.filter((x) => !blocking.includes(x))) {
    console.log(`  [a11y] ${where}: ${describe(v)}`);
    test
      .info()
      .annotations.push({
        type: 'a11y (moderate or minor)',
        description: `${where}: ${describe(v)}`,
      });
  }
  expect.soft(blocking.map(describe), `${where}: serious or critical axe findings`).toEqual([]);
}

/** Every route of the portal's route table that renders on its own, and an unknown path (404). */
const ROUTES = [
  paths.home(),
  paths.rng(),
  paths.live(),
  paths.fish(),
  paths.pvp(),
  paths.sports(),
  paths.esports(),
  paths.inhouse(),
  paths.lottery(),
  paths.vnLottery(),
  paths.elott(),
  paths.promotions(),
  paths.promoDetail(1),
  paths.pointMall(),
  paths.seamless(),
  paths.help(),
  paths.helpCentre(),
  paths.download(),
  paths.register(),
  NO_SUCH_PAGE,
];

const DIALOG = '[role="dialog"], [role="alertdialog"]';

interface ModalCase {
  name: string;
  /** Who opens it: a visitor, the seed player, or agent01 in scenario 'agent'. */
  as: 'visitor' | 'player' | 'agent';
  open: (page: Page, lang: Lang) => Promise<void>;
  /** What axe checks; a dialog unless said otherwise. */
  scope?: string;
  /** How it closes again; Escape unless said otherwise. */
  close?: (page: Page, lang: Lang) => Promise<void>;
  /** Text on gradients, which axe leaves undecided: `include` against each end of the `backdrops`. */
  gradients?: { include: string; backdrops: string };
}

const header = (page: Page) => page.getByRole('banner');
const sideMenu = (page: Page, lang: Lang) =>
  page.getByRole('complementary', { name: tr(lang, 'sideMenu:label') });

async function customerService(
  page: Page,
  lang: Lang,
  item: `${string}:${string}`,
  role: 'button' | 'switch' = 'button',
) {
  await sideMenu(page, lang)
    .getByRole('button', { name: tr(lang, 'sideMenu:customer_service') })
    .click();
  await page
    .getByRole('region', { name: tr(lang, 'sideMenu:customer_service') })
    .getByRole(role, { name: tr(lang, item), exact: true })
    .click();
}

async function accountMenu(page: Page, lang: Lang, item: `${string}:${string}`) {
  await header(page)
    .getByRole('button', { name: trPattern(lang, 'header:account_menu') })
    .click();
  await page.getByRole('menuitem', { name: tr(lang, item) }).click();
}

const MODALS: ModalCase[] = [
  {
    name: 'login',
    as: 'visitor',
    open: (page, lang) =>
      header(page)
        .getByRole('button', { name: tr(lang, 'header:login'), exact: true })
        .click(),
  },
  {
    name: 'register',
    as: 'visitor',
    open: (page, lang) =>
      header(page)
        .getByRole('button', { name: tr(lang, 'header:register'), exact: true })
        .click(),
  },
  {
    name: 'announcements',
    as: 'visitor',
    open: (page, lang) => customerService(page, lang, 'sideMenu:announcements'),
  },
  {
    name: 'help',
    as: 'visitor',
    open: (page, lang) => customerService(page, lang, 'sideMenu:help'),
  },
  {
    name: 'speed test',
    as: 'visitor',
    open: (page, lang) => customerService(page, lang, 'sideMenu:speed_test'),
  },
  {
    name: 'app download',
    as: 'visitor',
    open: async (page, lang) => {
      await sideMenu(page, lang)
        .getByRole('link', { name: tr(lang, 'sideMenu:app_download') })
        .hover();
      await page
        .getByRole('region', { name: tr(lang, 'sideMenu:app_download') })
        .getByRole('button', { name: tr(lang, 'sideMenu:how_to_install') })
        .click();
    },
  },
  {
    name: 'VIP',
    as: 'player',
    open: (page, lang) =>
      sideMenu(page, lang)
        .getByRole('button', { name: new RegExp(tr(lang, 'sideMenu:vip')) })
        .click(),
  },
  {
    name: 'referral',
    as: 'player',
    open: (page, lang) =>
      sideMenu(page, lang)
        .getByRole('button', { name: tr(lang, 'sideMenu:referral') })
        .click(),
  },
  {
    name: 'chat window',
    as: 'player',
    scope: '.chat-window',
    open: (page, lang) => customerService(page, lang, 'sideMenu:chat_status', 'switch'),
    close: (page, lang) => page.getByRole('button', { name: tr(lang, 'chat:close') }).click(),
  },
  {
    name: 'member centre',
    as: 'player',
    open: (page, lang) => accountMenu(page, lang, 'header:members'),
    // The dark side panel and its profile card are gradients.
    gradients: { include: '.centre__side', backdrops: '.centre__side, .mc-profile' },
  },
  {
    name: 'agent centre',
    as: 'agent',
    open: (page, lang) => accountMenu(page, lang, 'header:agent'),
    gradients: { include: '.centre__side', backdrops: '.centre__side, .ac-profile' },
  },
  {
    name: 'logout confirmation',
    as: 'player',
    open: (page, lang) => accountMenu(page, lang, 'header:sign_out'),
  },
];

/** Open a modal, check it, close it again, on a page where the account is already set up. */
async function checkModal(page: Page, lang: Lang, modal: ModalCase): Promise<void> {
  await test.step(`modal: ${modal.name}`, async () => {
    const scope = modal.scope ?? DIALOG;
    await modal.open(page, lang);
    await expect(page.locator(scope).first()).toBeVisible();
    await settled(page, lang);
    await expectAccessible(page, `${lang} modal ${modal.name}`, scope);
    if (modal.gradients) {
      const violations = await gradientContrastViolations(page, modal.gradients);
      expect.soft(violations.map(describe), `${lang} modal ${modal.name}: text on its gradients`).toEqual([]);
    }
    if (modal.close) await modal.close(page, lang);
    else await page.keyboard.press('Escape');
    await expect(page.locator(scope)).toHaveCount(0);
  });
}

for (const lang of ['EN', 'UR'] as const) {
  test.describe(`${lang}`, () => {
    test.use({ lang, reducedMotion: 'reduce' });

    test('every route of the route table and a 404', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto(paths.home());
      for (const path of ROUTES) {
        await test.step(path, async () => {
          await navigate(page, path);
          await expect(page.getByRole('main')).toBeVisible();
          await settled(page, lang);
          await expectAccessible(page, `${lang} ${path}`);
        });
      }
    });

    test('the game page after a launch', async ({ page, apiLogin }) => {
      await useSession(page, await apiLogin());
      await page.goto(paths.rng({ page: 'PG' }));
      await page
        .getByRole('button', {
          name: tr(lang, 'games:card.play', { name: 'Fortune Tiger' }),
          exact: true,
        })
        .click();
      await expect(page).toHaveURL(/\/game\?gameId=1001/);
      await expect(
        page.frameLocator('iframe').getByRole('heading', { name: 'Fortune Tiger' }),
      ).toBeVisible();
      await settled(page, lang);
      await expectAccessible(page, `${lang} /game`);
    });

    test('the maintenance and IP restriction pages', async ({ page, sim }) => {
      for (const [status, name] of [
        [1, 'maintenance'],
        [2, 'IP restriction'],
      ] as const) {
        await test.step(name, async () => {
          await sim.setStatus(status);
          await page.goto(paths.home());
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await settled(page, lang);
          await expectAccessible(page, `${lang} ${name} page`);
        });
      }
    });

    for (const as of ['visitor', 'player'] as const) {
      test(`the modals a ${as} opens`, async ({ page, apiLogin }) => {
        test.setTimeout(120_000);
        if (as === 'player') await useSession(page, await apiLogin());
        // A light page with the full shell behind the modals.
        await page.goto(paths.help());
        await settled(page, lang);
        for (const modal of MODALS.filter((m) => m.as === as))
          await checkModal(page, lang, modal);
      });
    }

    test('the agent centre', async ({ page, apiLogin, sim }) => {
      await sim.setScenario('agent');
      await useSession(page, await apiLogin(AGENT));
      await page.goto(paths.help());
      await settled(page, lang);
      for (const modal of MODALS.filter((m) => m.as === 'agent'))
        await checkModal(page, lang, modal);
    });
  });
}
