// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { LoginForm } from './login-form';

const loginCall = vi.fn();
const demoStart = vi.fn((_message: string, onStarted?: () => void) => onStarted?.());

vi.mock('./api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/login')>()),
  useLogin: () => ({ mutate: loginCall, isPending: false }),
}));

let demoPending = false;
vi.mock('../../session/free-demo', () => ({ useFreeDemo: () => ({ start: demoStart, pending: demoPending }) }));

setupComponentTests();

beforeEach(() => {
  blockNetwork();
  loginCall.mockReset();
  demoStart.mockClear();
  demoPending = false;
  localStorage.clear();
});

function renderForm(flags: Record<string, boolean> = {}) {
  const user = userEvent.setup();
  const onDone = vi.fn();
  const onDemoStarted = vi.fn();
  renderWithApp(<LoginForm onForgot={vi.fn()} onForced={vi.fn()} onDone={onDone} onDemoStarted={onDemoStarted} />, {
    flags: { DIRECTREG3: true, ...flags },
  });
  return {
    onDone,
    onDemoStarted,
    user,
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password', { selector: 'input' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Log in' })),
  };
}

describe('LoginForm', () => {
  it('says what is missing and sends nothing', async () => {
    const { submit, username } = renderForm();
    await submit();
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(loginCall).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the field is filled after the first submit', async () => {
    const { user, submit, password } = renderForm();
    await submit();
    await screen.findByText('Password cannot be empty');
    await user.type(password, 'x');
    await waitFor(() => expect(screen.queryByText('Password cannot be empty')).toBeNull());
    expect(screen.getByText('Username cannot be empty')).toBeTruthy();
  });

  it('refuses a password longer than the contract takes, with its limit, and keeps what was typed', async () => {
    const { user, submit, username, password } = renderForm();
    const long = 'p'.repeat(129);
    expect(password.hasAttribute('maxlength')).toBe(false);
    await user.type(username, 'player01');
    await user.click(password);
    await user.paste(long);
    await submit();
    expect(await screen.findByText('Must be up to 128 characters')).toBeTruthy();
    expect((password as HTMLInputElement).value).toBe(long);
    expect(loginCall).not.toHaveBeenCalled();
  });

  it('lets the password manager fill the fields', () => {
    const { username, password } = renderForm();
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
  });

  it('sends the username trimmed and the password as typed', async () => {
    const { user, submit, username, password } = renderForm();
    await user.type(username, ' player01 ');
    await user.type(password, ' Passw0rd! ');
    await submit();
    await waitFor(() => expect(loginCall).toHaveBeenCalledTimes(1));
    expect(loginCall.mock.calls[0]?.[0]).toEqual({ type: 'username', username: 'player01', password: ' Passw0rd! ' });
  });

  it('offers the free demo with FREEPLAY3 on: it starts the trial session and lets the sheet close', async () => {
    const { user, onDemoStarted, onDone } = renderForm({ FREEPLAY3: true });
    await user.click(screen.getByRole('button', { name: 'Try the free demo' }));
    expect(demoStart).toHaveBeenCalledTimes(1);
    expect(demoStart.mock.calls[0]?.[0]).toBe('Trial account started: enjoy the free demo');
    expect(onDemoStarted).toHaveBeenCalledTimes(1);
    // Not a login: what waits for one (a game's Play) is not run.
    expect(onDone).not.toHaveBeenCalled();
    expect(loginCall).not.toHaveBeenCalled();
  });

  it('keeps the focus on the free demo while it starts: busy, not disabled, a second press ignored', async () => {
    demoPending = true;
    const { user } = renderForm({ FREEPLAY3: true });
    const demo = screen.getByRole('button', { name: 'Try the free demo' });
    demo.focus();
    expect(document.activeElement).toBe(demo);
    expect(demo.hasAttribute('disabled')).toBe(false);
    expect(demo.getAttribute('aria-disabled')).toBe('true');
    await user.click(demo);
    expect(demoStart).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(demo);
  });

  it('offers no free demo with FREEPLAY3 off', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Try the free demo' })).toBeNull();
  });
});
