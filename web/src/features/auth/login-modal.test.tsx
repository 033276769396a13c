// @vitest-environment happy-dom
/**
 * A visitor's Play asks for a login first (useGameLauncher → requireLogin): the game launches once
 * the login that Play opened succeeds, and closing the login dialog cancels it, so a later login
 * (from the header) launches nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../api/games/types';
import type { LoginResult } from '../../api/types';
import { useGameLauncher } from '../../session/games/use-game-launcher';
import { ui, useModalOpen } from '../../session/ui-store';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { gameHref } from '../../ui/games/routes';
import LoginModal from './login-modal';

const launchCall = vi.fn(async (_input: { gameId: number }) => 'https://games.example/play?ticket=1');

vi.mock('./api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/login')>()),
  useLogin: () => ({
    isPending: false,
    mutate: (_body: unknown, { onSuccess }: { onSuccess: (result: LoginResult) => void }) =>
      onSuccess({ token: 'test-token', isAgent: 0, username: 'player01', passwordExpired: false, firstTimeLogin: false } as LoginResult),
  }),
}));

vi.mock('../../api/games/launch-game', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/games/launch-game')>()),
  useLaunchGame: () => ({ mutateAsync: launchCall }),
}));

setupComponentTests();

beforeEach(() => {
  blockNetwork();
  launchCall.mockClear();
  localStorage.clear();
});

const GAME = { gameId: 1001, nodeId: 7, vassalage: 'PG', gameName: 'Fortune Tiger', gameType: 'RNG', maintenance: false } as Game;

/** A lobby's Play button, the header's Log in, the login dialog as ModalHost shows it, and where the page is. */
function Lobby() {
  const launcher = useGameLauncher();
  const loginOpen = useModalOpen('login');
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => void launcher.open(GAME)}>
        Play Fortune Tiger
      </button>
      <button type="button" onClick={() => ui.open('login')}>
        Header log in
      </button>
      {loginOpen ? <LoginModal onClose={() => ui.close('login')} /> : null}
      <output data-testid="location">{location.pathname + location.search}</output>
    </>
  );
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  await user.type(screen.getByLabelText('Username'), 'player01');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Passw0rd!');
  await user.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}

describe('LoginModal opened by a game’s Play', () => {
  it('launches that game once the login succeeds', async () => {
    const user = userEvent.setup();
    renderWithApp(<Lobby />, { route: '/rng' });
    await user.click(screen.getByRole('button', { name: 'Play Fortune Tiger' }));
    await logIn(user);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(gameHref(GAME)));
    expect(launchCall).toHaveBeenCalledTimes(1);
    expect(launchCall.mock.calls[0]?.[0]).toMatchObject({ gameId: 1001, nodeId: 7, vassalage: 'PG' });
  });

  it('launches nothing when the dialog is closed, nor after a later login from the header', async () => {
    const user = userEvent.setup();
    renderWithApp(<Lobby />, { route: '/rng' });
    await user.click(screen.getByRole('button', { name: 'Play Fortune Tiger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Header log in' }));
    await logIn(user);
    // The login finished (the session started): nothing was launched and the page stayed.
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('test-token'));
    expect(launchCall).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/rng');
  });
});
