/**
 * A failing call never changes who the player is: while the member info answers
 * 500, a logged-in member keeps their session and header (no "Guest", no "Log in"), sees the error
 * with a retry, and the retry brings the account back once the call works again.
 */
import { expect, shell, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

test('member info failing keeps the session and offers a retry', async ({ page, sim, apiLogin }) => {
  await useSession(page, await apiLogin());
  await sim.addFault({ path: '/wps/member/info', status: 500 });
  await page.goto(paths.home());
  const header = shell(page).header;
  const alert = header.getByRole('alert');
  await expect(alert).toContainText('Your account could not be loaded.');
  await expect(header.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  await expect(header.getByText('Guest', { exact: true })).toHaveCount(0);
  await expect(header.getByRole('button', { name: /account menu/i })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

  await sim.clearFaults();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(header.getByRole('alert')).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Account menu for Lucky Player' })).toBeVisible();
});
