/**
 * Sandbox worlds in the browser (ADR 009): two browser contexts joined to two worlds with
 * `?world=` show two scenarios at once on one simulator — one in maintenance, one normal — and the
 * sandbox bar shows each tab's world, scenario and status, switches between worlds and creates one.
 * These contexts carry no X-Sim-World header: the `sim_world` cookie that `?world=` sets decides.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { SimApiError, SimClient } from '../scripts/sim-client';
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

const tag = `${process.pid}-${Date.now().toString(36)}`;
const ANNA = `qa-anna-${tag}`;
const BEN = `qa-ben-${tag}`;
const CARLA = `qa-carla-${tag}`;
// Longer than the pill shows on a phone (9 characters there), so it is cut.
const LONG = `qa-long-world-name-${tag}`;

async function contextAt(browser: Browser, portal: string, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  // No X-Sim-World header (the fixtures' default): the world comes from the cookie, as for a tester.
  return browser.newContext({ baseURL: portal, extraHTTPHeaders: {}, viewport });
}

test.afterAll(async () => {
  const portal = `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;
  // A world the test did not reach is not there (404); any other failure is reported.
  for (const name of [ANNA, BEN, CARLA, LONG]) {
    await new SimClient(portal).deleteWorld(name).catch((error: unknown) => {
      if (!(error instanceof SimApiError && error.status === 404)) throw error;
    });
  }
});

test('two testers in two worlds see two scenarios at once, and the bar switches and creates worlds', async ({ browser, portal }, testInfo) => {
  test.setTimeout(90_000);
  await new SimClient(portal, fetch, ANNA).setScenario('maintenance');
  await new SimClient(portal, fetch, BEN).getState();

  const anna = await contextAt(browser, portal);
  const ben = await contextAt(browser, portal);
  try {
    const annaPage = await anna.newPage();
    const benPage = await ben.newPage();
    await Promise.all([annaPage.goto(paths.home({ world: ANNA })), benPage.goto(paths.rng({ world: BEN }))]);

    // Both at once: Anna's world is under maintenance, Ben's is the normal portal.
    await expect(annaPage.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    await expect(shell(benPage).header).toBeVisible();
    await expect(benPage.getByRole('heading', { name: 'System Maintenance' })).toHaveCount(0);

    // The pill names each tab's world, scenario and status before it is opened.
    const annaPill = annaPage.getByRole('button', { name: /^Sandbox/ });
    await expect(annaPill).toContainText(ANNA);
    await expect(annaPill).toContainText('maintenance');
    await expect(annaPage.getByTestId('sandbox-pill-status')).toHaveText(/Maintenance/);
    await expect(benPage.getByTestId('sandbox-pill-world')).toHaveText(new RegExp(BEN));
    await expect(benPage.getByTestId('sandbox-pill-status')).toHaveText(/Normal/);

    // Ben, from the keyboard, opens the bar and creates a world for a third tester; the tab joins it.
    const benPill = benPage.getByRole('button', { name: /^Sandbox/ });
    await benPill.focus();
    await benPage.keyboard.press('Enter');
    const panel = benPage.getByRole('region', { name: 'Simulator controls' });
    await expect(panel.getByTestId('sandbox-world')).toHaveText(BEN);
    await testInfo.attach('sandbox-1440', { body: await benPage.screenshot(), contentType: 'image/png' });
    await benPage.screenshot({ path: testInfo.outputPath('sandbox-worlds-1440x900.png') });
    const name = panel.getByRole('textbox', { name: 'Name of a new world' });
    await name.fill('not a name');
    await name.press('Enter');
    await expect(panel.getByRole('alert')).toContainText('1–64 characters');
    await name.fill(CARLA);
    await name.press('Enter');
    await expect(benPage.getByTestId('sandbox-pill-world')).toHaveText(new RegExp(CARLA));
    expect((await ben.cookies()).find((c) => c.name === 'sim_world')?.value).toBe(CARLA);
    // The reload left the ?world= of the address behind, so the cookie stays.
    expect(new URL(benPage.url()).searchParams.get('world')).toBeNull();
    await expect(shell(benPage).header).toBeVisible();

    // And switches to Anna's world: the maintenance page, in Ben's tab too.
    await benPage.getByRole('button', { name: /^Sandbox/ }).click();
    await panel.getByRole('combobox', { name: 'Switch to the world' }).selectOption(ANNA);
    await panel.getByRole('button', { name: 'Switch' }).click();
    await expect(benPage.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    await expect(benPage.getByTestId('sandbox-pill-world')).toHaveText(new RegExp(ANNA));
    // Anna's tab never moved.
    await annaPage.reload();
    await expect(annaPage.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    const list = await new SimClient(portal).listWorlds();
    expect(list.worlds.map((w) => w.name)).toEqual(expect.arrayContaining([ANNA, BEN, CARLA]));
  } finally {
    await anna.close();
    await ben.close();
  }
});

test('the sandbox bar fits a phone screen', async ({ browser, portal }, testInfo) => {
  const phone = await contextAt(browser, portal, { width: 390, height: 844 });
  try {
    const page = await phone.newPage();
    await page.goto(paths.home({ world: BEN }));
    const pill = page.getByRole('button', { name: /^Sandbox/ });
    await expect(page.getByTestId('sandbox-pill-world')).toHaveText(new RegExp(BEN));
    await pill.click();
    const panel = page.getByRole('region', { name: 'Simulator controls' });
    await expect(panel.getByTestId('sandbox-world')).toHaveText(BEN);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
    const pillBox = await pill.boundingBox();
    expect(pillBox && pillBox.x >= 0 && pillBox.x + pillBox.width <= 390, JSON.stringify(pillBox)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('sandbox-worlds-390x844.png') });
  } finally {
    await phone.close();
  }
});

test('in Urdu (right to left) a long world name in the bar is cut at its end, as in English', async ({ browser, portal }) => {
  await new SimClient(portal, fetch, LONG).getState();
  const phone = await contextAt(browser, portal, { width: 390, height: 844 });
  try {
    await phone.addInitScript(() => window.localStorage.setItem('hisLang', 'UR'));
    const page = await phone.newPage();
    await page.goto(paths.home({ world: LONG }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const chip = page.getByTestId('sandbox-pill-world');
    await expect(chip).toContainText(LONG);
    // Where the name's first and last letters are laid out, against the box that shows it: its start
    // is in view and its end is cut, never the other way round.
    const layout = await chip.evaluate((element) => {
      const text = element.querySelector('bdi')?.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('the world name has no text node of its own');
      const range = document.createRange();
      const letter = (i: number) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect();
      };
      const length = text.textContent?.length ?? 0;
      const shown = element.getBoundingClientRect();
      return { first: letter(0).left, last: letter(length - 1).right, shownLeft: shown.left, shownRight: shown.right };
    });
    expect(layout.first, JSON.stringify(layout)).toBeGreaterThanOrEqual(layout.shownLeft);
    expect(layout.first, JSON.stringify(layout)).toBeLessThan(layout.shownRight);
    expect(layout.last, JSON.stringify(layout)).toBeGreaterThan(layout.shownRight);
  } finally {
    await phone.close();
  }
});
