/**
 * Login calls: POST /wps/session/login (encrypted; username or SMS mode) and the
 * login SMS code (MOBILEVERCODELOGIN3).
 */
import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { SMS_SECONDS_PER_MINUTE } from '../../../config/constants';

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

/** Send the login SMS code; resolves to the countdown in seconds (60 per minute of expiry). */
export async function sendLoginSms(mobileNum: string, countryDialingCode: string): Promise<number> {
  const value = await unwrap(client.POST('/wps/verification/sms/login', { body: { mobileNum, countryDialingCode } }));
  return value.expiredMinutes * SMS_SECONDS_PER_MINUTE;
}
