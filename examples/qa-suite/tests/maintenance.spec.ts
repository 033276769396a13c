// The maintenance page appears when the system goes down and leaves by itself when it comes back.
import { expect, test } from '@lucky-lotus/sandbox-kit/playwright';

test('the maintenance page appears and leaves', async ({ page, sim }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();

  await sim.setStatus('maintenance');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  // Back to normal: the open page follows without a reload.
  await sim.setStatus('normal');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Maintenance' })).toHaveCount(0);
});
