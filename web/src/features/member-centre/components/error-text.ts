/**
 * Failed calls in the player's language (brief: server messages shown via errorCode keys): the
 * centre's own wording of the code first, then the shared catalogue (errors namespace, then the
 * server's message) through describeError.
 */
import { ApiError } from '../../../api/client';
import { i18n } from '../../../i18n';
import { describeError } from '../../../ui/error-state';

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `error.${error.errorCode}`;
    if (i18n.exists(key, { ns: 'memberCentre' }))
      return i18n.t(key as 'error.fallback', { ns: 'memberCentre' });
  }
  return describeError(error);
}

/** Form fields the server refused: `value.fields[].field` is 'body/amount', the form knows 'amount'. */
export function refusedFields(error: unknown): ReadonlySet<string> {
  if (!(error instanceof ApiError)) return new Set();
  return new Set((error.value?.fields ?? []).map((f) => f.field.replace(/^body\//, '')));
}
