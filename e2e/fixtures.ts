/**
 * Shared Playwright fixtures: the sandbox
 * kit's (`@lucky-lotus/sandbox-kit/playwright`, ADR 024), which QA projects use too, on the run's
 * simulator.
 *
 * - `world`: every test has a world of its own on the one simulator of the run (ADR 009): the page's
 *   and `request`'s calls carry `X-Sim-World`, and the world is removed after the test, so a
 *   scenario, status, flag, fault or account made by one test never reaches another.
 * - `sim`: the QA control API client, acting on the test's world.
 *   `sim.journal()` and `sim.verify()` read what the page sent, decrypted:
 *   `expect((await sim.verify({ operationId: 'register', body: { referralCode: 'R010001' } })).ok).toBe(true)`.
 * - `apiLogin`: logs an account in over the gateway API itself (encrypted body, as the web client
 *   sends it) and returns the session.
 * - `loggedIn`: a page already logged in as the seed player, on the home page.
 * - `portal`: the simulator and web app of the run (playwright.config.ts `webServer`), shared by
 *   every worker; `baseURL` points there.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, loginWithRequest, test as kit, type Session } from '../packages/sandbox-kit/src/playwright';

export { AGENT, PLAYER, useSession, type Session } from '../packages/sandbox-kit/src/playwright';

/** Log in through POST /wps/session/login with the gateway's encrypted body. */
export function loginOverApi(request: APIRequestContext, username: string, password: string): Promise<Session> {
  return loginWithRequest(request, username, password);
}

interface WorkerFixtures {
  portal: string;
}

export const test = kit.extend<object, WorkerFixtures>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
    async ({}, use) => {
      // One simulator for the whole run (playwright.config.ts webServer, scripts/start.ts): each test
      // has a world of its own on it, so tests switch scenarios, statuses, flags and faults without
      // touching each other, and no worker pays for a server of its own (ADR 009).
      await use(`http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal);
  },
  worldPrefix: 'e2e',
});

export { expect };

/**
 * Change a JSON reply of the real server on its way to the page. A request the app aborted (a
 * refetch replacing it) is left alone.
 */
export async function patchJson<T>(page: Page, url: string | RegExp, mutate: (body: T) => void): Promise<void> {
  await page.route(url, async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as T;
      mutate(body);
      await route.fulfill({ response, json: body });
    } catch {
      await route.abort().catch(() => {});
    }
  });
}

/** An address no route of the route table matches: the app answers it with its not-found page. */
export const NO_SUCH_PAGE = '/no-such-page';

/**
 * The sandbox bar's box, once the bar is there. The bar is a part the app loads after the page is
 * up, and what keeps clear of it (pinned notices, the drawer, the game, the chat) makes room for it
 * only once it has mounted: read it before what is measured against it.
 */
export async function sandboxBarBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const bar = page.locator('.sandbox');
  await expect(bar).toBeVisible();
  return (await bar.boundingBox())!;
}

/** The shell's landmarks, by role. */
export function shell(page: Page) {
  return {
    header: page.getByRole('banner'),
    sideMenu: page.getByRole('complementary', { name: 'Site menu' }),
    footer: page.getByRole('contentinfo'),
    banner: page.getByRole('region', { name: 'Featured offers' }),
  };
}

/**
 * Goes to an app path through the router, without a reload, as a link does: the address changes and
 * the router hears a `popstate`. What the page shows then is for the caller to wait for.
 */
export async function routerGo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the element's finite animations and transitions (a modal's or a sheet's opening) are
 * over, so a measurement reads where it comes to rest rather than a frame of the way there. Looping
 * animations (spinners) are not waited for.
 */
export async function animationsSettled(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The placeholder of every empty text field in `scope` fits the field: nothing beside it inside the
 * frame (a send button's countdown, a captcha image) leaves the input too narrow to show it whole.
 */
export async function expectPlaceholdersFit(scope: Locator, what: string): Promise<void> {
  const cut = await scope.evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...root.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.checkVisibility() && input.value === '')
      .map((input) => {
        const style = getComputedStyle(input);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const needs = context.measureText(input.placeholder).width;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return needs > room + 1 ? `${input.name} "${input.placeholder}" needs ${Math.round(needs)} px, has ${Math.round(room)}` : null;
      })
      .filter((found) => found !== null);
  });
  expect.soft(cut, `${what}: cut placeholders`).toEqual([]);
}
