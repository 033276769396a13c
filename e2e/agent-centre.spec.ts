/**
 * Agent centre: agents open it from the avatar
 * menu and see the team's figures; they open downline accounts, drill through the team, and offer a
 * dividend contract past the contract-rate warning; the contract pages follow their module flags.
 * Checks share an agent's page where they follow one another (docs/test-suite.md).
 */
import type { Locator, Page } from '@playwright/test';
import { AGENT, expect, test, useSession, type Session } from './fixtures';
import { paths } from '../web/src/config/paths';

async function openAgentCentre(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await page.getByRole('menuitem', { name: 'Agent centre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agent centre' });
  await expect(dialog).toBeVisible();
  return dialog;
}

function menu(dialog: Locator): Locator {
  return dialog.getByRole('navigation', { name: 'Agent centre menu' });
}

async function go(dialog: Locator, name: string): Promise<void> {
  await menu(dialog).getByRole('button', { name, exact: true }).click();
  await expect(dialog.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
}

async function startAgent(page: Page, session: Session): Promise<Locator> {
  await useSession(page, session);
  await page.goto(paths.home());
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
  return openAgentCentre(page);
}

// One agent's page in the default scenario: the overview as the centre opens, the team drill-down,
// then opening a downline account (which adds to the team), each a step named as its former test.
test('an agent in the default scenario: the overview with the team figures, the team drill-down, opening a downline account', async ({
  page,
  apiLogin,
  request,
}) => {
  test.setTimeout(90_000);
  const dialog = await test.step('an agent opens the agent centre on the overview with the team figures', async () => {
    const session = await apiLogin(AGENT);
    const overview = (await (
      await request.get('/wps/agent/team/overview', {
        headers: { Merchant: 'DEMO', Authorization: session.token },
      })
    ).json()) as { value: { teamSize: number; directMembers: number; activeMembers: number } };
    const dialog = await startAgent(page, session);
    await expect(dialog.getByRole('heading', { level: 3, name: 'Overview' })).toBeVisible();
    await expect(dialog.getByText('Team members', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByTestId('team-size')).toHaveText(String(overview.value.teamSize));
    await expect(
      dialog.getByText(`${overview.value.directMembers} of them directly under you`),
    ).toBeVisible();
    // Default scenario: dividend and daily salary on, hourly and real-time salary off.
    await expect(menu(dialog).getByRole('button', { name: 'Dividend' })).toBeVisible();
    await expect(menu(dialog).getByRole('button', { name: 'Daily salary' })).toBeVisible();
    await expect(menu(dialog).getByRole('button', { name: 'Hourly salary' })).toHaveCount(0);
    await expect(menu(dialog).getByRole('button', { name: 'Real-time salary' })).toHaveCount(0);
    return dialog;
  });

  await test.step('team management drills into a downline team and back', async () => {
    await go(dialog, 'Team management');
    await dialog.getByRole('button', { name: 'View the team of agent02' }).click();
    const path = dialog.getByRole('navigation', { name: 'Team path' });
    await expect(path.getByRole('button', { name: 'agent02' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await expect(dialog.getByRole('row').filter({ hasText: 'Level 2' }).first()).toBeVisible();
    await path.getByRole('button', { name: /My team/ }).click();
    await expect(dialog.getByRole('row').filter({ hasText: 'agent02' })).toBeVisible();
  });

  await test.step('opens a downline account and finds it in the team', async () => {
    await go(dialog, 'Account');
    await expect(
      dialog.getByText('Must be 6-16 letters or digits, starting with a letter'),
    ).toBeVisible();

    await dialog.getByRole('button', { name: 'Open account' }).click();
    await expect(dialog.getByText('Username cannot be empty')).toBeVisible();
    await dialog.getByLabel('Username').fill('9bad');
    await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await dialog.getByLabel('Confirm password').fill('Passw0rd?');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: 'Must be 6-16 letters or digits, starting with a letter' }),
    ).toBeVisible();
    await expect(dialog.getByText('The two passwords do not match')).toBeVisible();

    // A taken name is refused by the server, in the agent's words.
    await dialog.getByLabel('Username').fill('player01');
    await dialog.getByLabel('Confirm password').fill('Passw0rd!');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await expect(dialog.getByText('This username is already taken')).toBeVisible();

    await dialog.getByRole('radio', { name: 'Sub-agent' }).click();
    await dialog.getByLabel('Username').fill('e2eagent7');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    const result = dialog.getByRole('status').filter({ hasText: 'Account opened' });
    await expect(result).toContainText('e2eagent7');
    await expect(result).toContainText('Sub-agent');

    await result.getByRole('button', { name: 'Team management' }).click();
    await expect(dialog.getByRole('heading', { level: 3, name: 'Team management' })).toBeVisible();
    await dialog.getByRole('searchbox').fill('e2eagent');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: 'e2eagent7' })).toBeVisible();
  });
});

// One agent's page in the agent scenario: every page, then the contract and report checks; the
// dividend offer, which terminates contracts deeper in the team, comes last.
test('an agent in the agent scenario: every page, terminating a contract, a team report, a dividend offer', async ({ page, apiLogin, sim }) => {
  test.setTimeout(120_000);
  await sim.setScenario('agent');
  const dialog = await startAgent(page, await apiLogin(AGENT));

  await test.step('every agent page loads', async () => {
    for (const name of [
      'Announcement',
      'Overview',
      'Account',
      'Team management',
      'Team betting',
      'User profit and loss',
      'My income',
      'Transaction details',
      'Dividend',
      'Daily salary',
      'Hourly salary',
      'Real-time salary',
    ]) {
      await go(dialog, name);
    }
    await expect(dialog.getByText('Settled every 5 minutes', { exact: true })).toBeVisible();
  });

  await test.step('terminates an active contract after confirmation', async () => {
    await go(dialog, 'Real-time salary');
    const row = dialog.getByRole('row').filter({ hasText: 'agent02' });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Terminate: contract of agent02' }).click();
    await page
      .getByRole('dialog', { name: 'Terminate this contract?' })
      .getByRole('button', { name: 'Terminate' })
      .click();
    await expect(row).toContainText('Terminated');
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  await test.step('a team report narrows to one downline and back to the whole team', async () => {
    await go(dialog, 'User profit and loss');
    const table = dialog.getByRole('table', { name: 'User profit and loss' });
    // Loading rows are hidden from assistive technology, so by role only the records are counted.
    const rows = table.locator('tbody').getByRole('row');
    await expect(rows.first()).toBeVisible();
    const whole = await rows.count();
    expect(whole).toBeGreaterThan(1);

    const search = dialog.getByRole('search');
    await search.getByRole('searchbox', { name: 'Downline account' }).fill('agent02');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('th, td').first()).toHaveText('agent02');
    await expect(dialog.getByText('1 record', { exact: true })).toBeVisible();

    await search.getByRole('button', { name: 'Clear' }).click();
    await expect(rows).toHaveCount(whole);
  });

  await test.step('offers a dividend contract past the contract-rate warning', async () => {
    await go(dialog, 'Dividend');
    const warning = dialog.getByRole('note');
    await expect(warning).toContainText(
      'A downline with a higher rate than the new contract is terminated automatically if you proceed.',
    );

    await dialog.getByRole('button', { name: 'Offer contract' }).click();
    await expect(dialog.getByText('Choose the downline to offer the contract to')).toBeVisible();
    await expect(dialog.getByText('Dividend rate cannot be empty')).toBeVisible();

    // agent02 holds an active 25% contract: a 20% offer undercuts it.
    await dialog.getByLabel('Direct downline').selectOption('agent02');
    await dialog.getByLabel('Dividend rate').fill('20');
    await expect(warning).toContainText('agent02 has a 25% contract now, higher than this one.');

    // Cancelling the confirmation sends nothing.
    await dialog.getByRole('button', { name: 'Offer contract' }).click();
    let confirm = page.getByRole('dialog', { name: 'Confirm the dividend contract' });
    await expect(confirm).toContainText('Offer agent02 a dividend contract at 20%?');
    await expect(confirm).toContainText('terminated automatically if you proceed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    const team = dialog.getByRole('table', { name: 'Offered to my downlines' });
    await expect(
      team.getByRole('row').filter({ hasText: 'Awaiting answer' }).filter({ hasText: 'agent02' }),
    ).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Offer contract' }).click();
    confirm = page.getByRole('dialog', { name: 'Confirm the dividend contract' });
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(
      page.getByText('Contract of 20% offered to agent02. It starts when they accept.'),
    ).toBeVisible();
    // Deeper in agent02's team a higher-rate contract existed: the server terminated it and says whose.
    const terminated = page.getByRole('dialog', { name: 'Contracts terminated' });
    await expect(terminated).toContainText(
      'These downlines had a higher rate and their contracts were terminated: sabaking',
    );
    await terminated.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      team.getByRole('row').filter({ hasText: 'agent02' }).filter({ hasText: 'Awaiting answer' }),
    ).toContainText('20%');

    // A second offer while one waits is refused, in the agent's words, at the field.
    await dialog.getByLabel('Direct downline').selectOption('agent02');
    await dialog.getByLabel('Dividend rate').fill('18');
    await dialog.getByRole('button', { name: 'Offer contract' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm the dividend contract' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await expect(
      dialog.getByText('This downline already has an offer waiting for an answer'),
    ).toBeVisible();
  });
});

test('a downline agent accepts the contract offered to them', async ({ page, apiLogin, sim }) => {
  await sim.setScenario('agent');
  // agent02 has an hourly salary offer from agent01 waiting.
  const dialog = await startAgent(
    page,
    await apiLogin({ username: 'agent02', password: AGENT.password }),
  );
  await go(dialog, 'Hourly salary');
  const mine = dialog.getByRole('table', { name: 'Offered to me' });
  const offer = mine.getByRole('row').filter({ hasText: 'Awaiting answer' });
  await offer.getByRole('button', { name: 'Accept: contract of agent02' }).click();
  await expect(
    mine.getByRole('row').filter({ has: page.getByText('Active', { exact: true }) }),
  ).toHaveCount(1);
  await expect(mine.getByRole('row').filter({ hasText: 'Awaiting answer' })).toHaveCount(0);
});

// A player's avatar menu without the agent entry: e2e/header.spec.ts ("the balance hides, shows and
// refreshes; the avatar menu lists the member entries…") and web/src/features/header/avatar-menu.test.tsx.
