// @vitest-environment happy-dom
/**
 * A game banner pressed by a visitor asks for a login, and opens its game once the login that it
 * asked for succeeds, as a lobby's Play does; a login dialog closed without one opens nothing.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLogin } from '../session/after-login';
import { ui, uiStore } from '../session/ui-store';
import { renderWithApp, setupComponentTests } from '../testing/render';
import { RouteBanner } from './route-banner';

setupComponentTests();

const BANNERS = [{ bannerId: 2, url: '/banner.svg', groupName: 'w_hot', linkageType: 'GAME', linkage: '1001', title: 'Fortune Tiger Mega Drop' }];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: true, value: BANNERS }))));
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

async function pressBanner() {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <RouteBanner group="w_hot" />
      <Where />
    </>,
    { route: '/' },
  );
  await user.click(await screen.findByRole('button', { name: 'Fortune Tiger Mega Drop' }));
  expect(uiStore.get().modals.login).toBe(true);
  expect(screen.getByTestId('where').textContent).toBe('/');
}

describe('RouteBanner', () => {
  it("opens a game banner's game once the login it asked for succeeds", async () => {
    await pressBanner();
    // What the login dialog does on a successful login.
    act(() => afterLogin.done());
    expect(screen.getByTestId('where').textContent).toBe('/game?gameId=1001');
  });

  it('opens nothing when that login dialog is closed without a login', async () => {
    await pressBanner();
    act(() => ui.close('login'));
    act(() => afterLogin.done());
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
