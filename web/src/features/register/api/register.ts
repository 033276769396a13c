/**
 * Registration calls: PUT /wps/member/register and /wps/member/register/mobile
 * (both encrypted), the registration SMS code, the affiliate check and the new-player promotions.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { NEW_PLAYER_PROMOTION_CATEGORY, SMS_SECONDS_PER_MINUTE } from '../../../config/constants';

type EncryptedBody = components['schemas']['EncryptedBody'];
export type RegisterRequest = components['schemas']['RegisterRequest'];
export type RegisterMobileRequest = components['schemas']['RegisterMobileRequest'];

export function useRegister() {
  return useMutation({
    // Plaintext in, the client middleware encrypts it (the contract types the wire envelope).
    mutationFn: (plain: RegisterRequest) => unwrap(client.PUT('/wps/member/register', { body: plain as unknown as EncryptedBody })),
  });
}

export function useRegisterMobile() {
  return useMutation({
    mutationFn: (plain: RegisterMobileRequest) =>
      unwrap(client.PUT('/wps/member/register/mobile', { body: plain as unknown as EncryptedBody })),
  });
}

/**
 * The registration SMS code; resolves to the countdown in seconds (60 per minute of the returned
 * expiredMinutes). The gateway wants ModuleId USERNAMEREG3 from the username form and MOBILENUMREG3
 * from the mobile form (the operation's x-module-ids; the server refuses any other, ADR 008): the
 * header passed here is kept by the client middleware.
 */
export async function sendRegisterSms(mobileNo: string, countryDialingCode: string, moduleId: 'USERNAMEREG3' | 'MOBILENUMREG3'): Promise<number> {
  const value = await unwrap(
    client.POST('/wps/verification/sms/register', { body: { mobileNo, countryDialingCode }, headers: { ModuleId: moduleId } }),
  );
  return value.expiredMinutes * SMS_SECONDS_PER_MINUTE;
}

/** GET /wps/agent/affiliate?affiliateCode=…; an unknown code fails with invitation_code_error. */
export function checkAffiliate(affiliateCode: string) {
  return unwrap(client.GET('/wps/agent/affiliate', { params: { query: { affiliateCode } } }));
}

export const newPlayerPromotionsQuery = queryOptions({
  queryKey: ['promotions', 'list', NEW_PLAYER_PROMOTION_CATEGORY],
  queryFn: () => unwrap(client.GET('/wps/promotion/list', { params: { query: { category: NEW_PLAYER_PROMOTION_CATEGORY } } })),
  staleTime: 5 * 60_000,
});
