import { serverFieldErrors } from '../../ui/account-form/field-messages';
import { describeError } from '../../ui/error-state';

/**
 * A refusal of the points calls, where it shows: the messages of the form's own fields in place,
 * anything else (no points, out of stock, a network failure) above the form.
 */
export function placeServerError<K extends string>(
  error: unknown,
  keys: readonly K[],
): { fields: Partial<Record<K, string>>; form: string | null } {
  const inPlace = serverFieldErrors(error);
  const fields: Partial<Record<K, string>> = {};
  for (const key of keys) if (inPlace[key]) fields[key] = inPlace[key];
  return { fields, form: Object.keys(fields).length > 0 ? null : describeError(error) };
}
