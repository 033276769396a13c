// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REGISTER_RULES } from '../../../../openapi/field-rules';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { RegisterForm } from './register-form';

const registerCall = vi.fn();
const affiliateCheck = vi.fn();

vi.mock('./api/register', async (importOriginal) => {
  const original = await importOriginal<typeof import('./api/register')>();
  return {
    ...original,
    useRegister: () => ({ mutateAsync: registerCall }),
    useRegisterMobile: () => ({ mutateAsync: vi.fn() }),
    checkAffiliate: (code: string) => affiliateCheck(code),
  };
});

setupComponentTests();

beforeEach(() => {
  blockNetwork();
  registerCall.mockReset();
  registerCall.mockResolvedValue({ account: 'newface77' });
});

const FLAGS = { USERNAMEREG3: true, DIRECTREG3: true };

function renderForm() {
  const user = userEvent.setup();
  renderWithApp(<RegisterForm inModal={false} />, { flags: FLAGS, route: '/register' });
  return { user, submit: () => user.click(screen.getByRole('button', { name: 'Create my account' })) };
}

describe('RegisterForm', () => {
  it('says what is missing on submit and focuses the first field', async () => {
    const { submit } = renderForm();
    await submit();
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    expect(screen.getByText('Confirm password cannot be empty')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    expect(registerCall).not.toHaveBeenCalled();
  });

  it('after the first submit, messages follow the typing', async () => {
    const { user, submit } = renderForm();
    await submit();
    await screen.findByText('Username cannot be empty');
    const username = screen.getByLabelText('Username');
    await user.type(username, '9');
    expect(await screen.findByText('Must be 6-16 letters or digits, starting with a letter')).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'goodname1');
    await waitFor(() => expect(screen.queryByText('Must be 6-16 letters or digits, starting with a letter')).toBeNull());
    expect(username.getAttribute('aria-invalid')).toBe('false');
  });

  it('before any submit, leaving a field with a wrong value says so', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Username'), 'ab');
    expect(screen.queryByText('Must be 6-16 letters or digits, starting with a letter')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Must be 6-16 letters or digits, starting with a letter')).toBeTruthy();
    // Leaving an empty field the player only passed through says nothing.
    await user.click(screen.getByLabelText('Confirm password'));
    await user.tab();
    expect(screen.queryByText('Confirm password cannot be empty')).toBeNull();
  });

  it('refuses an over-long password with the rule limits instead of cutting it', async () => {
    const { user, submit } = renderForm();
    const typed = 'Secret99Secret99Secret99'; // 24 characters; the rule allows 6-20
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.hasAttribute('maxlength')).toBe(false);
    await user.type(screen.getByLabelText('Username'), 'longpass1');
    await user.type(password, typed);
    await user.type(screen.getByLabelText('Confirm password'), typed);
    expect((password as HTMLInputElement).value).toBe(typed);
    await submit();
    expect(await screen.findByText('Must be 6-20 characters without spaces')).toBeTruthy();
    expect(registerCall).not.toHaveBeenCalled();
  });

  it('gives every credential field its autocomplete token', () => {
    renderForm();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('textbox', { name: 'Mobile number' }).getAttribute('autocomplete')).toBe('tel-national');
  });

  it('submits the register payload once every field is valid', async () => {
    const { user, submit } = renderForm();
    await user.type(screen.getByLabelText('Username'), 'newface77');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret99');
    await submit();
    await waitFor(() => expect(registerCall).toHaveBeenCalledTimes(1));
    expect(registerCall.mock.calls[0]?.[0]).toMatchObject({
      username: 'newface77',
      password: 'Secret99',
      confirmPassword: 'Secret99',
      registerMethod: 'WEB',
      login: true,
      domain: location.hostname,
    });
    expect(await screen.findByRole('dialog', { name: 'Registered successfully' })).toBeTruthy();
  });

  it('shows the server refusal under its field', async () => {
    const { ApiError } = await import('../../api/client');
    registerCall.mockRejectedValueOnce(
      new ApiError('member.username.exists', 'already exists', 400, { fields: [{ field: 'body/username', message: 'already exists' }] }),
    );
    const { user, submit } = renderForm();
    await user.type(screen.getByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret99');
    await submit();
    await waitFor(() => expect(registerCall).toHaveBeenCalled());
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
  });

  it("keeps the server's refusal of a typed affiliate code when focus leaves the field", async () => {
    affiliateCheck.mockRejectedValue(new Error('invitation_code_error'));
    const rules = DEFAULT_REGISTER_RULES.map((r) => (r.key === 'affiliateCode' ? { ...r, enabled: true } : r));
    const user = userEvent.setup();
    renderWithApp(<RegisterForm inModal={false} />, { flags: FLAGS, route: '/register', rules });
    await user.type(screen.getByLabelText('Username'), 'affiliated1');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret99');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret99');
    await user.type(screen.getByLabelText('Affiliate code'), 'WRONG1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const form = screen.getByRole('button', { name: 'Create my account' }).closest('form') as HTMLFormElement;
    await waitFor(() => expect(form.textContent).toContain('Invalid invitation code'));
    await user.click(screen.getByLabelText('Username'));
    await user.tab();
    expect(form.textContent).toContain('Invalid invitation code');
    expect(affiliateCheck).toHaveBeenCalledWith('WRONG1');
    expect(registerCall).not.toHaveBeenCalled();
  });
});
