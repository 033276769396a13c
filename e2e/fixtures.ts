/**
 * Shared Playwright fixtures (style.md: test.extend fixtures, role-based locators).
 *
 * - `world`: every test has a world of its own on the one simulator of the run (issue 13): the page's
 *   and `request`'s calls carry `X-Sim-World`, and the world is removed after the test, so a
 *   scenario, status, flag, fault or account made by one test never reaches another.
 * - `sim`: the QA control API client, acting on the test's world.
 *   `sim.journal()` and `sim.verify()` read what the page sent, decrypted (issue 14):
 *   `expect((await sim.verify({ operationId: 'register', body: { referralCode: 'AG1001' } })).ok).toBe(true)`.
 * - `apiLogin`: logs an account in over the gateway API itself (encrypted body, as the web client
 *   sends it) and returns the session.
 * - `loggedIn`: a page already logged in as the seed player, on the home page.
 * - `portal`: the simulator and web app of the run (playwright.config.ts `webServer`), shared by
 *   every worker; `baseURL` points there.
 */
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { encryptBody } from '../openapi/wire-crypto';
import { SimClient } from '../scripts/sim-client';

export const PLAYER = { username: 'player01', password: 'Passw0rd!' } as const;
export const AGENT = { username: 'agent01', password: 'Passw0rd!' } as const;

export interface Session {
  token: string;
  isAgent: number;
  username: string;
}

const HEADERS = { Merchant: 'DEMO', Device: 'web', Language: 'EN' };

/** Log in through POST /wps/session/login with the gateway's encrypted body. */
export async function loginOverApi(request: APIRequestContext, username: string, password: string): Promise<Session> {
  const key = await request.get('/wps/session/key/rsa', { headers: { ...HEADERS, ModuleId: 'RSAKEY3' } });
  const modulus = ((await key.json()) as { value: string }).value;
  const { body, encryption } = encryptBody({ type: 'username', username, password }, modulus);
  const res = await request.post('/wps/session/login', {
    headers: { ...HEADERS, ModuleId: 'LOGIN3', Encryption: encryption, 'Content-Type': 'application/json' },
    data: body,
  });
  const envelope = (await res.json()) as { success: boolean; value?: Session; message?: string };
  if (!envelope.success || !envelope.value) throw new Error(`login failed: ${envelope.message ?? res.status()}`);
  return envelope.value;
}

/** Put a session in the tab's sessionStorage before the app starts (as a login would). */
export async function useSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('token')) {
      sessionStorage.setItem('token', s.token);
      sessionStorage.setItem('isAgent', String(s.isAgent));
      sessionStorage.setItem('merchantCode', 'DEMO');
    }
  }, session);
}

interface Fixtures {
  /** This test's own world on the shared simulator (issue 13): every call of the page and of `request` goes there. */
  world: string;
  sim: SimClient;
  apiLogin: (account?: { username: string; password: string }) => Promise<Session>;
  loggedIn: Page;
}

interface WorkerFixtures {
  portal: string;
}

let worldCount = 0;

export const test = base.extend<Fixtures, WorkerFixtures>({
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
  world: async ({ portal }, use, testInfo) => {
    const name = `e2e-w${testInfo.workerIndex}-${++worldCount}-${process.pid}`;
    await use(name);
    // The world goes with its test: nothing it changed can reach another test.
    await new SimClient(portal, fetch, name).deleteWorld(name).catch(() => {});
  },
  // Every request of the page and of `request` names the test's world.
  extraHTTPHeaders: async ({ world }, use) => {
    await use({ 'X-Sim-World': world });
  },
  sim: async ({ baseURL, world }, use) => {
    await use(new SimClient(baseURL ?? 'http://localhost:4173', fetch, world));
  },
  apiLogin: async ({ request }, use) => {
    await use((account = PLAYER) => loginOverApi(request, account.username, account.password));
  },
  loggedIn: async ({ page, apiLogin }, use) => {
    await useSession(page, await apiLogin(PLAYER));
    await page.goto('/');
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
    await use(page);
  },
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
