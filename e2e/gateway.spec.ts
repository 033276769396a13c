/**
 * Gateway mode end to end: the simulator stands in for a real gateway on one loopback
 * port, the gateway-mode server (built web app + forwarding + contract check) on another, and
 * Chromium uses the portal through the latter. The page must render, a login must work, and the
 * Content-Security-Policy must not be violated once.
 */
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { buildGatewayApp, GATEWAY_PREFIXES } from '../server/gateway/proxy';
import type { GatewayReportJson } from '../server/gateway/report';
import { WEB_DIST } from '../scripts/start';

let gateway: FastifyInstance;
let portal: FastifyInstance;
let portalUrl: string;

test.beforeAll(async () => {
  gateway = await buildApp({ logger: false });
  const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  portal = await buildGatewayApp({
    gatewayUrl,
    check: 'report',
    webDist: WEB_DIST,
    csp: {},
    // The simulator serves its images and demo pages itself, as a real gateway's CDN would.
    prefixes: [...GATEWAY_PREFIXES, '/assets', '/__demo'],
  });
  portalUrl = (await portal.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
});

test.afterAll(async () => {
  await portal?.close();
  await gateway?.close();
});

/** Collects CSP violations: the DOM event and Chromium's console report of a refused load. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the portal works through the gateway proxy with no CSP violation', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  const response = await page.goto(portalUrl);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).toHaveTitle(/Lucky Lotus/i);

  await page.getByRole('banner').getByRole('button', { name: /log ?in/i }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill('player01');
  await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  // The logged-in header asks for the member and the balance: give those calls time to land.
  await page.waitForLoadState('networkidle');

  // Every call went through the proxy and was checked; the login among them.
  const report = (await (await request.get(`${portalUrl}/__gateway/report`)).json()) as GatewayReportJson;
  const login = report.operations.find((op) => op.operationId === 'login');
  expect(login).toMatchObject({ calls: 1, checked: 1, statuses: { 200: 1 } });
  expect(report.totals.failed).toBe(0);

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
