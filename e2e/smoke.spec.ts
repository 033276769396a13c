/** Smoke: the built portal renders its home page in real Chromium against the simulator. */
import { expect, test } from '@playwright/test';
import { paths } from '../web/src/config/paths';

test('home page renders with header, navigation and content', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(paths.home());
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /log ?in/i }).first()).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).toHaveTitle(/Lucky Lotus/i);
  expect(errors).toEqual([]);
});

test('the API answers the envelope for an unknown call, not the web app', async ({ request }) => {
  const res = await request.get('/wps/does/not/exist', { headers: { Merchant: 'DEMO' } });
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, errorCode: 'resource.not.found' });
});
