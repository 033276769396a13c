/**
 * Failed calls in the player's language (brief: server messages shown via errorCode keys): the
 * centre's own wording of the code first (errors catalogue, `memberCentre.<code>`), then the code's
 * shared text, then the server's message, through describeError.
 */
import { ApiError } from '../../../api/client';
import { describeError } from '../../../ui/error-state';

export function errorText(error: unknown): string {
  return describeError(error, 'memberCentre');
}

/** Form fields the server refused: `value.fields[].field` is 'body/amount', the form knows 'amount'. */
export function refusedFields(error: unknown): ReadonlySet<string> {
  if (!(error instanceof ApiError)) return new Set();
  return new Set((error.value?.fields ?? []).map((f) => f.field.replace(/^body\//, '')));
}
