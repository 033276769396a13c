// @vitest-environment happy-dom
/**
 * The game page opened by a visitor asks for a login and launches its game once, after the login
 * that it asked for succeeds (as a lobby's Play does), or after a login made another way once no
 * login dialog is open; never behind a login dialog that stays open (a forced password change).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../api/session';
import { afterLogin } from '../../session/after-login';
import { ui, uiStore } from '../../session/ui-store';
import { renderWithApp, setupComponentTests } from '../../testing/render';
import { GamePage } from './game-page';

setupComponentTests();

let launches = 0;
beforeEach(() => {
  launches = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      if (path === '/wps/game/launchGame') {
        launches += 1;
        return Promise.resolve(Response.json({ success: true, value: { game_url: '/__demo/game?ticket=t1' } }));
      }
      return Promise.resolve(Response.json({ success: true, value: {} }));
    }),
  );
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

async function openAsVisitor() {
  renderWithApp(<GamePage />, { route: '/game?gameId=1001&name=Fortune%20Tiger' });
  await waitFor(() => expect(uiStore.get().modals.login).toBe(true));
  expect(screen.getByText('Log in to play this game.')).toBeTruthy();
}

const frame = () => screen.queryByTitle('Fortune Tiger game');

describe('GamePage', () => {
  it('launches the game once after the login it asked for', async () => {
    await openAsVisitor();
    // A successful login in that dialog: the session starts, what waited runs, the dialog closes.
    act(() => session.start('token-1', 0));
    act(() => afterLogin.done());
    act(() => ui.close('login'));
    await waitFor(() => expect(frame()).toBeTruthy());
    // Nothing launches it a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(launches).toBe(1);
  });

  it('launches nothing while the login dialog stays open after the session started (a forced password change)', async () => {
    await openAsVisitor();
    act(() => session.start('token-1', 0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(launches).toBe(0);
    expect(frame()).toBeNull();
  });

  it('launches once after a login made another way, when no login dialog is open', async () => {
    await openAsVisitor();
    act(() => ui.close('login'));
    // The header's Log in: a dialog that carries nothing to run.
    act(() => ui.open('login'));
    act(() => session.start('token-1', 0));
    act(() => ui.close('login'));
    await waitFor(() => expect(frame()).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(launches).toBe(1);
  });
});
