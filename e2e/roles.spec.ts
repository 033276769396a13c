/**
 * Roles: visitors get the login popup for favourites, recent games, launching,
 * messages, chat, VIP and referral; guests (isAgent 4) get 'in_need_true_account' with a confirm
 * button and 'Please Register An Account First' in the centres; the agent centre entry shows only for
 * isAgent 1, 2, 41 and 42; customer service opens a 440x750 popup (VIP channel above rank 4).
 */
import type { Page } from '@playwright/test';
import { expect, loginOverApi, shell, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

async function expectLoginPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Open the customer-service flyout by keyboard, with the mouse parked where no hover flyout opens. */
async function openSupport(page: Page) {
  await page.mouse.move(700, 5);
  await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Customer service' })).toBeVisible();
}

test('visitors get the login popup for members-only things', async ({ page }) => {
  // Record the window features the page asks for (Playwright gives popups the context viewport).
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      (window as unknown as { openedWith: unknown[] }).openedWith = args;
      return open(...args);
    };
  });
  await page.goto(paths.home());
  const side = shell(page).sideMenu;

  await page.getByRole('button', { name: /^Add .+ to favourites$/ }).first().click();
  await expectLoginPopup(page);

  await page.getByRole('button', { name: /^Play / }).first().click();
  await expectLoginPopup(page);

  await side.getByRole('button', { name: 'VIP level' }).click();
  await expectLoginPopup(page);

  await side.getByRole('button', { name: 'Refer a friend' }).click();
  await expectLoginPopup(page);

  await openSupport(page);
  await page.getByRole('button', { name: 'Messages' }).click();
  await expectLoginPopup(page);

  await openSupport(page);
  await page.getByRole('switch', { name: 'Chat window' }).click();
  await expectLoginPopup(page);

  // The same visitor's page carries the popup checks of customer service (docs/test-suite.md).
  await test.step('customer service › opens live chat in a 440x750 popup', async () => {
    await openSupport(page);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Live chat' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/__demo\/chat/);
    expect(popup.url()).not.toContain('vip=1');
    const features = await page.evaluate(() => String((window as unknown as { openedWith: unknown[] }).openedWith[2]));
    expect(features).toContain('width=440');
    expect(features).toContain('height=750');
    await popup.close();
  });

  await test.step('customer service › a blocked popup says so', async () => {
    // A popup blocker: window.open answers null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await openSupport(page);
    await page.getByRole('button', { name: 'Live chat' }).click();
    await expect(page.getByText('Popup blocked, allow and retry')).toBeVisible();
  });

  await page.goto(paths.rng());
  await page.getByRole('tab', { name: 'Recently played' }).click();
  await expectLoginPopup(page);
});

test.describe('guest (isAgent 4)', () => {
  test.beforeEach(async ({ sim, page }) => {
    await sim.setScenario('guest');
    await page.goto(paths.home());
    await shell(page).header.getByRole('button', { name: 'Free demo' }).click();
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
  });

  async function expectTrialWarning(page: Page) {
    const warning = page.getByRole('dialog', { name: 'Notice' });
    await expect(warning).toContainText('This is a trial account');
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await expect(warning).toHaveCount(0);
  }

  // One page carries the three guest checks (docs/test-suite.md); each step leaves no dialog or menu open.
  test('members-only actions, the centres and the avatar menu', async ({ page }) => {
    await test.step('has no agent centre entry', async () => {
      await shell(page).header.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Agent centre' })).toHaveCount(0);
      // Closed from inside the menu, by keyboard (a click elsewhere could land on a game).
      await page.getByRole('menuitem', { name: 'Sign out' }).focus();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
    });

    await test.step('members-only actions answer in_need_true_account', async () => {
      await page.getByRole('button', { name: /^Add .+ to favourites$/ }).first().click();
      await expectTrialWarning(page);
      await page.getByRole('button', { name: /^Play / }).first().click();
      await expectTrialWarning(page);
    });

    await test.step('the centres say Please Register An Account First', async () => {
      // A trial account has no Deposit or Withdraw; it is offered registration.
      await expect(shell(page).header.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
      await expect(shell(page).header.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
      await expect(shell(page).header.getByRole('button', { name: 'Register' })).toBeVisible();
      await shell(page).header.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Members centre' }).click();
      const centre = page.getByRole('dialog', { name: 'Members centre' });
      await expect(centre.getByText('Please Register An Account First')).toBeVisible();
      // The message instead of the centre: an alert, and no centre menu (from e2e/member-centre.spec.ts).
      await expect(centre.getByRole('alert')).toHaveText('Please Register An Account First');
      await expect(centre.getByRole('navigation')).toHaveCount(0);
      await centre.getByRole('button', { name: 'Close' }).click();
      await shell(page).sideMenu.getByRole('button', { name: 'Refer a friend' }).click();
      await expect(page.getByRole('dialog').getByText('Please Register An Account First')).toBeVisible();
    });
  });
});

// The agent centre entry by account type (isAgent 0, 1, 2, 41, 42) is a rule of the avatar menu:
// web/src/features/header/avatar-menu.test.tsx; the accounts' types as the server gives them:
// tests/session.test.ts; in the browser, a player's menu without it (e2e/header.spec.ts) and an agent
// opening the agent centre from it (e2e/agent-centre.spec.ts).

test.describe('customer service', () => {
  test('members above rank 4 get the VIP channel', async ({ page, request }) => {
    await useSession(page, await loginOverApi(request, 'vipplayer', 'Passw0rd!'));
    await page.goto(paths.home());
    // The club rank comes with the member info.
    await expect(shell(page).header.getByRole('button', { name: 'Account menu for Sultan VIP' })).toBeVisible();
    await openSupport(page);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Live chat' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/vip=1/);
  });

  test('a failure closes the popup', async ({ page }) => {
    const broken = { success: true, value: { version: { pathList: [{ type: 3, path: 'not-a-sealed-link!' }] } } };
    await page.route('**/wps/system/customerService', (route) => route.fulfill({ json: broken }));
    await page.route('**/wps/system/permission?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { value: { customerService: { path: string } } };
      body.value.customerService.path = 'not-a-sealed-link!';
      await route.fulfill({ response, json: body });
    });
    await page.goto(paths.home());
    await openSupport(page);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Live chat' }).click();
    const popup = await popupPromise;
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page.getByText(/Invalid URL, contact customer service|Unknown error/)).toBeVisible();
  });
});
