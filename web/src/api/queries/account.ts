/**
 * Public queries the account flows share (login, registration, password recovery): the register
 * settings with the server's field rules, the country dialing codes of the picker
 * and a fresh captcha image.
 */
import { queryOptions } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import type { OpValue } from '../types';

export type RegisterSettings = OpValue<'getRegisterSettings'>;
export type FieldRuleValue = RegisterSettings['rules'][number];
export type Country = OpValue<'getCountryCodes'>[number];

export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'registerSettings'],
  queryFn: () => unwrap(client.GET('/wps/system/setting/register')),
  staleTime: 5 * 60_000,
});

export const countryCodesQuery = queryOptions({
  queryKey: ['system', 'countryCodes'],
  queryFn: () => unwrap(client.GET('/wps/system/countryCodes')),
  staleTime: 60 * 60_000,
});

/** A new captcha image (data URL); its answer is bound to the cookie the reply sets. */
export function fetchCaptcha(): Promise<string> {
  return unwrap(client.GET('/wps/captcha'));
}
