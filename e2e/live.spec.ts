/**
 * QA follows live (ADR 017): an open page follows the control API, whoever changes it, through the
 * simulator's one event stream: status pages come and go without a reload, a scenario switch fetches
 * the app's data again and says so, and flags apply. The app never polls the status or the flags, so
 * a change that shows at all came by the stream; how fast it comes is a figure for a benchmark, not
 * a bound here (a loaded machine takes seconds to load the maintenance page's chunk).
 */
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test('a status switch made elsewhere shows and leaves the maintenance and IP-restriction pages without a reload', async ({ page, sim }) => {
  await page.goto(paths.rng());
  await expect(shell(page).header).toBeVisible();
  // A marker that a reload would wipe.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  await sim.setStatus('maintenance');
  await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
  await sim.setStatus('region-restricted');
  await expect(page.getByRole('heading', { name: 'IP Restriction' })).toBeVisible();
  await sim.setStatus('normal');
  await expect(shell(page).header).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('a flag switched elsewhere applies, and a scenario switch reloads the data and says so', async ({ page, sim }) => {
  await page.goto(paths.home());
  const header = shell(page).header;
  await expect(header.getByRole('button', { name: 'Free demo' })).toBeVisible();
  await sim.setFlag('FREEPLAY3', false);
  await expect(header.getByRole('button', { name: 'Free demo' })).toHaveCount(0);

  await sim.setScenario('free-play');
  await expect(page.getByText('Scenario “free-play” loaded')).toBeVisible();
  // The new scenario's data is what the page shows: its flags are the scenario's, demo back on.
  await expect(header.getByRole('button', { name: 'Free demo' })).toBeVisible();
});
