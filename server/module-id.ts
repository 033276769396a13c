/**
 * The ModuleId check of a contract operation (ADR 008): a call that names another
 * modID than its own or one of its alternates is refused before anything else runs, so the refusal
 * neither depends on the session or the body nor changes state. A missing header is accepted.
 */
import { ErrorCode } from '../openapi/common';
import type { AnyOperation } from '../openapi/define';
import { moduleIdsOf } from '../openapi/module-id';
import { ApiError } from './errors';

/** A checker for one operation, built once at route registration. */
export function moduleIdCheck(op: Pick<AnyOperation, 'moduleId' | 'altModuleIds'>): (header: string | string[] | undefined) => void {
  const ids = moduleIdsOf(op);
  const allowed = new Set(ids);
  const message = `must be one of: ${ids.join(', ')}`;
  return (header) => {
    if (header === undefined) return;
    if (typeof header === 'string' && allowed.has(header)) return;
    throw new ApiError(400, ErrorCode.requestParam, `headers/moduleid ${message}`, {
      fields: [{ field: 'headers/moduleid', message }],
    });
  };
}
