// @vitest-environment happy-dom
/**
 * Open an account: the focus follows the agent. Open account keeps it while the account is being
 * opened, the result's title takes it when the form gives way to the result, and "Open another
 * account" gives it to the username.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { RegisterCenterPage } from './register-center';

setupComponentTests();

const DOWNLINE = { account: 'newplayer1', isAgent: 0, parentAccount: 'agent1', registeredAt: 0 };

let registerAnswer: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/agent/register')
        return new Promise<Response>((resolve) => (registerAnswer = () => resolve(answer(DOWNLINE))));
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('RegisterCenterPage', () => {
  it('keeps the focus on Open account while it works, then on the result, then on the username again', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterCenterPage />);
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'newplayer1');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    const submit = screen.getByRole('button', { name: 'Open account' });
    await user.click(submit);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expectBusyWithFocus(working);

    registerAnswer();
    const title = await screen.findByRole('heading', { name: 'Account opened' });
    await waitFor(() => expect(document.activeElement).toBe(title));

    await user.click(screen.getByRole('button', { name: 'Open another account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' })));
  });
});
