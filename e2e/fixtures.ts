/**
 * Shared Playwright fixtures (style.md: test.extend fixtures, role-based locators).
 *
 * - `sim`: the QA control API client; the simulator is reset after every test that used it, so a
 *   scenario, status or flag switched by one test never leaks into the next, and its request journal
 *   emptied. `sim.journal()` and `sim.verify()` read what the page sent, decrypted (issue 14):
 *   `expect((await sim.verify({ operationId: 'register', body: { referralCode: 'AG1001' } })).ok).toBe(true)`.
 * - `apiLogin`: logs an account in over the gateway API itself (encrypted body, as the web client
 *   sends it) and returns the session.
 * - `loggedIn`: a page already logged in as the seed player, on the home page.
 * - `portal` (per worker): each worker has its own simulator and web app on a loopback port, and
 *   `baseURL` points there. Tests switch scenarios, statuses, flags and faults, so two workers must
 *   never share a simulator; with one each, the suite runs two files at a time and stays within its
 *   10 minutes on 2 cores (playwright.config.ts `workers`).
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { encryptBody } from '../openapi/wire-crypto';
import { SimClient } from '../scripts/sim-client';
import { WEB_DIST } from '../scripts/start';
import { buildApp } from '../server/app';

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
  sim: SimClient;
  apiLogin: (account?: { username: string; password: string }) => Promise<Session>;
  loggedIn: Page;
}

interface WorkerFixtures {
  portal: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
    async ({}, use) => {
      // The same server as `npm start` (scripts/start.ts), in the worker's own process.
      const app = await buildApp({ scenario: 'default', webDist: WEB_DIST, controlApi: true, logger: false });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      await use(url.replace('127.0.0.1', 'localhost'));
      await app.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal);
  },
  sim: async ({ baseURL }, use) => {
    const sim = new SimClient(baseURL ?? 'http://localhost:4173');
    await use(sim);
    // Back to the default scenario (reset alone reloads the current one), with an empty journal.
    await sim.reset('default');
    await sim.clearJournal();
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
