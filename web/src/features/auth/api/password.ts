/**
 * Password calls: forgot by email (form-encoded), the forgot SMS code
 * and the reset by phone (CHNGPASSVERIF3; answers a token), and the change of a known password.
 */
import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

type EncryptedBody = components['schemas']['EncryptedBody'];
export type ChangePasswordRequest = components['schemas']['ChangePasswordRequest'];
export type SetPasswordByPhoneRequest = components['schemas']['SetPasswordByPhoneRequest'];

/**
 * POST /wps/member/password/email as application/x-www-form-urlencoded: with that Content-Type
 * header openapi-fetch's body serializer writes URLSearchParams; the explicit serializer makes it
 * independent of the header spelling.
 */
export function useForgotByEmail() {
  return useMutation({
    mutationFn: (body: { username: string; email: string }) =>
      unwrap(
        client.POST('/wps/member/password/email', {
          body,
          bodySerializer: (b) => new URLSearchParams(b).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      ),
  });
}

/** Send the forgot-password SMS; resolves to the countdown in seconds until the returned expirationTime. */
export async function sendForgotSms(mobileNum: string, countryDialingCode: string): Promise<number> {
  const value = await unwrap(client.POST('/wps/verification/sms/noLogin', { body: { mobileNum, countryDialingCode } }));
  return Math.max(0, Math.ceil((value.expirationTime - Date.now()) / 1000));
}

export function useSetPasswordByPhone() {
  return useMutation({
    mutationFn: (plain: SetPasswordByPhoneRequest) =>
      unwrap(client.POST('/wps/member/password/verification', { body: plain as unknown as EncryptedBody })),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (plain: ChangePasswordRequest) =>
      unwrap(client.POST('/wps/member/password', { body: plain as unknown as EncryptedBody })),
  });
}
