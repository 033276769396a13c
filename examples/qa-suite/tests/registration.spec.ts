// Registration by mobile number, with the SMS code read from the sandbox's outbox.
import { expect, test } from '@lucky-lotus/sandbox-kit/playwright';

test('a player registers with a mobile number and the SMS code', async ({ page, sim }) => {
  await sim.setScenario('mobile-registration');
  const mobile = '03111234567';
  await page.goto('/register');
  const form = page.getByRole('region', { name: 'Registration form' });
  await form.getByRole('tab', { name: 'Mobile number' }).click();
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('button', { name: /^Code sent \(\d+s\)$/ })).toBeDisabled();

  const sms = await sim.getLastSms(mobile);
  expect(sms.purpose).toBe('register');
  await form.getByLabel('Verification code').fill(sms.code);
  await form.getByLabel('Password', { exact: true }).fill('Mobile123');
  await form.getByLabel('Confirm password').fill('Mobile123');
  await form.getByRole('button', { name: 'Create my account' }).click();

  const notice = page.getByRole('dialog', { name: 'Your account number' });
  await expect(notice).toContainText(mobile);
  await notice.getByRole('button', { name: 'Continue' }).click();
  const success = page.getByRole('dialog', { name: 'Registered successfully' });
  await expect(success).toContainText(`Your account ${mobile} is ready`);
  await success.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);

  // The sandbox saw the registration, decrypted: one registerMobile call (PUT
  // /wps/member/register/mobile) for this number; `register` is the username form's operation.
  const seen = await sim.verify({ operationId: 'registerMobile', count: 1, body: { mobileNum: mobile } });
  expect(seen.ok, JSON.stringify(seen.nearMisses)).toBe(true);
});
