/**
 * Playwright fixtures for the portal's sandbox (`@lucky-lotus/sandbox-kit/playwright`):
 *
 * - `world`: every test has a world of its own on the one simulator: the page's and `request`'s
 *   calls carry `X-Sim-World`, and the world is removed after the test, so a scenario, status, flag,
 *   fault or account made by one test never reaches another.
 * - `sim`: the control API client (`SimClient`), acting on the test's world.
 * - `apiLogin`: logs an account in over the gateway API (encrypted body, as the web client sends it)
 *   and returns the session.
 * - `loggedIn`: a page already logged in as the seed player, on the home page.
 *
 * The portal is the config's `baseURL`, else $SIM_URL, else http://localhost:$PORT (8080). The
 * control token, when the simulator wants one, is $SIM_CONTROL_TOKEN.
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { CONTROL_TOKEN_HEADER, envControlToken, SimClient, WORLD_HEADER } from './client.js';
import { loginOverApi, PLAYER, type Account, type GatewayHttp, type Session } from './gateway.js';

export { expect };
export { AGENT, PLAYER, type Account, type Session } from './gateway.js';
export { SimClient } from './client.js';

/** The portal the tests run against when the config gives no baseURL. */
export function defaultPortalUrl(): string {
  return process.env.SIM_URL || `http://localhost:${process.env.PORT || '8080'}`;
}

/** Playwright's APIRequestContext as the transport of a gateway login (it carries the world header). */
export function playwrightHttp(request: APIRequestContext): GatewayHttp {
  const read = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => ({ status: res.status(), json: (await res.json().catch(() => null)) as unknown });
  return {
    get: async (path, headers) => read(await request.get(path, { headers })),
    post: async (path, headers, body) => read(await request.post(path, { headers, data: body })),
  };
}

/** Log in over the gateway API with Playwright's `request` (its extra headers name the world). */
export function loginWithRequest(request: APIRequestContext, username: string, password: string): Promise<Session> {
  return loginOverApi(playwrightHttp(request), username, password);
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

export interface SandboxFixtures {
  /** Prefix of the world names this run makes (`<prefix>-w<worker>-<n>-<pid>`). */
  worldPrefix: string;
  /** This test's own world on the shared simulator: every call of the page and of `request` goes there. */
  world: string;
  /** The control API, acting on this test's world. */
  sim: SimClient;
  /** Log an account in over the gateway API (default the seed player). */
  apiLogin: (account?: Account) => Promise<Session>;
  /** A page logged in as the seed player, on the home page. */
  loggedIn: Page;
}

let worldCount = 0;

export const test = base.extend<SandboxFixtures>({
  worldPrefix: ['qa', { option: true }],
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? defaultPortalUrl());
  },
  world: async ({ baseURL, worldPrefix }, use, testInfo) => {
    const name = `${worldPrefix}-w${testInfo.workerIndex}-${++worldCount}-${process.pid}`;
    await use(name);
    // The world goes with its test: nothing it changed can reach another test.
    await new SimClient(baseURL ?? defaultPortalUrl(), undefined, name).deleteWorld(name).catch(() => {});
  },
  // Every request of the page and of `request` names the test's world (and carries the control
  // token when there is one, so the page's sandbox bar works too).
  extraHTTPHeaders: async ({ world, extraHTTPHeaders }, use) => {
    const token = envControlToken();
    await use({ ...extraHTTPHeaders, [WORLD_HEADER]: world, ...(token ? { [CONTROL_TOKEN_HEADER]: token } : {}) });
  },
  sim: async ({ baseURL, world }, use) => {
    await use(new SimClient(baseURL ?? defaultPortalUrl(), undefined, world));
  },
  apiLogin: async ({ request }, use) => {
    await use((account = PLAYER) => loginWithRequest(request, account.username, account.password));
  },
  loggedIn: async ({ page, apiLogin }, use) => {
    await useSession(page, await apiLogin(PLAYER));
    await page.goto('/');
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
    await use(page);
  },
});
