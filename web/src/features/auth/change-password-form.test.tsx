// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { ChangePasswordForm } from './change-password-form';

const changeCall = vi.fn();

vi.mock('./api/password', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/password')>()),
  useChangePassword: () => ({ mutate: changeCall, isPending: false }),
}));

setupComponentTests();

beforeEach(() => {
  blockNetwork();
  changeCall.mockReset();
});

function renderForm(knownOldPassword?: string) {
  const user = userEvent.setup();
  const onDone = vi.fn();
  renderWithApp(<ChangePasswordForm knownOldPassword={knownOldPassword} onDone={onDone} />);
  return {
    user,
    onDone,
    field: (name: string) => screen.getByLabelText(name, { selector: 'input' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Change password' })),
  };
}

describe('ChangePasswordForm', () => {
  it('needs the old password, a new one by the rule, and the same confirmation', async () => {
    const { user, field, submit } = renderForm();
    await submit();
    expect(await screen.findByText('Current password cannot be empty')).toBeTruthy();
    expect(screen.getByText('New password cannot be empty')).toBeTruthy();
    await user.type(field('Current password'), 'Passw0rd!');
    await user.type(field('New password'), 'abc');
    expect(await screen.findByText('Must be 6-20 characters without spaces')).toBeTruthy();
    await user.type(field('New password'), 'defgh');
    await user.type(field('Confirm new password'), 'abcdefgX');
    expect(await screen.findByText('Confirmation password incorrect')).toBeTruthy();
    // Fixing the new password to match re-checks the confirmation too.
    await user.clear(field('New password'));
    await user.type(field('New password'), 'abcdefgX');
    await waitFor(() => expect(screen.queryByText('Confirmation password incorrect')).toBeNull());
    expect(changeCall).not.toHaveBeenCalled();
  });

  it('hides the old password when it is known and sends it', async () => {
    const { user, field, submit } = renderForm('a1234567');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(field('New password').getAttribute('autocomplete')).toBe('new-password');
    await user.type(field('New password'), 'Better99');
    await user.type(field('Confirm new password'), 'Better99');
    await submit();
    await waitFor(() => expect(changeCall).toHaveBeenCalledTimes(1));
    expect(changeCall.mock.calls[0]?.[0]).toEqual({ oldPassword: 'a1234567', newPassword: 'Better99', confirmNewPassword: 'Better99' });
  });

  it('refuses an over-long new password instead of cutting it', async () => {
    const { user, field, submit } = renderForm('a1234567');
    const long = 'Better99'.repeat(3);
    await user.type(field('New password'), long);
    await user.type(field('Confirm new password'), long);
    await submit();
    expect(await screen.findByText('Must be 6-20 characters without spaces')).toBeTruthy();
    expect((field('New password') as HTMLInputElement).value).toBe(long);
    expect(changeCall).not.toHaveBeenCalled();
  });
});
