/**
 * A tab left open while the server's RSA key changed (a restart without --state, or a gateway that
 * rotated its key): the modulus the tab holds is not the server's any more. The first
 * modulus reply is swapped for another key's, so the tab holds a stale key exactly as after a
 * restart; the login must still go through, after one refusal and one fresh modulus.
 */
import { generateKeyPairSync } from 'node:crypto';
import { expect, PLAYER, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

/** The modulus of a key pair the server never had, as GET /wps/session/key/rsa spells one. */
function foreignModulus(): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 0x10001 });
  return Buffer.from(publicKey.export({ format: 'jwk' }).n ?? '', 'base64url').toString('hex').replace(/^0+/, '');
}

test('an open tab logs in after the server key changed: one refusal, a new modulus, one retry', async ({ page, sim }) => {
  expect(sim).toBeTruthy();
  const stale = foreignModulus();
  let keyCalls = 0;
  await page.route('**/wps/session/key/rsa', async (route) => {
    keyCalls++;
    if (keyCalls > 1) return route.continue();
    const reply = await route.fetch();
    const body = (await reply.json()) as { value: string };
    expect(body.value).not.toBe(stale);
    return route.fulfill({ response: reply, json: { ...body, value: stale } });
  });
  const logins: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/wps/session/login') logins.push(res.status());
  });

  await page.goto(paths.home());
  await shell(page).header.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
  // The refusal was the stale key's; the retry carried the new one; nothing was shown to the player.
  expect(keyCalls).toBe(2);
  expect(logins).toEqual([400, 200]);
});
