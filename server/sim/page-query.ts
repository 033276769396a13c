/**
 * Paging of list calls from their query. Ajv counts Infinity as an integer, so `pageNo=Infinity`
 * passes a schema without a maximum; it is refused here with the usual 400 naming the field rather
 * than reaching the serialiser.
 */
import { badRequest } from '../errors';
import { paginate, type PageOf } from './paging';

export function pageFromQuery<T>(
  rows: readonly T[],
  q: { pageNo?: number; pageSize?: number },
): PageOf<T> {
  for (const key of ['pageNo', 'pageSize'] as const) {
    const value = q[key];
    if (value !== undefined && !Number.isSafeInteger(value)) {
      throw badRequest(`${key} must be a whole number`, `query/${key}`);
    }
  }
  return paginate(rows, q.pageNo, q.pageSize);
}
