/** Login by username and password (spec section 7: POST /wps/session/login, encrypted). */
import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type LoginRequest = components['schemas']['LoginRequest'];
type EncryptedBody = components['schemas']['EncryptedBody'];

export function useLogin() {
  return useMutation({
    // The contract types the wire body (the encrypted envelope); the client middleware encrypts
    // this plaintext into it, so the plaintext goes in as the body.
    mutationFn: (plain: LoginRequest) =>
      unwrap(client.POST('/wps/session/login', { body: plain as unknown as EncryptedBody })),
  });
}

/** A new captcha image (data URL); the answer is bound to the cookie the reply sets. */
export async function fetchCaptcha(): Promise<string> {
  return unwrap(client.GET('/wps/captcha'));
}
