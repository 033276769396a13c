// A free-play guest (a trial account) may look around but not deposit, withdraw or play for money.
import { expect, test } from '@lucky-lotus/sandbox-kit/playwright';

test("a guest's restrictions", async ({ page, sim }) => {
  await sim.setScenario('guest');
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Free demo' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);

  await expect(header.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Register' })).toBeVisible();

  await page.getByRole('button', { name: /^Add .+ to favourites$/ }).first().click();
  const warning = page.getByRole('dialog', { name: 'Notice' });
  await expect(warning).toContainText('This is a trial account');
  await warning.getByRole('button', { name: 'Confirm' }).click();
  await expect(warning).toHaveCount(0);
});
