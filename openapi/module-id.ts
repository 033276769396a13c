/**
 * The ModuleId header of one operation (ADR 008): the operation's modID or one of
 * its alternates. The header may be left out (third-party tools do not know it); a call that sends
 * another value is refused with 400 request_param_err naming headers/moduleid. The server's header
 * schema and the OpenAPI document are both built from this, so they say the same.
 */
import { Type } from '@sinclair/typebox';
import type { AnyOperation } from './define';

/** The modIDs an operation accepts: its own first, then its alternates. */
export function moduleIdsOf(op: Pick<AnyOperation, 'moduleId' | 'altModuleIds'>): string[] {
  return [op.moduleId, ...(op.altModuleIds ?? [])];
}

/** The header's value schema (the caller marks it optional). */
export function moduleIdSchema(op: Pick<AnyOperation, 'moduleId' | 'altModuleIds'>) {
  const ids = moduleIdsOf(op);
  return Type.Unsafe<string>({
    type: 'string',
    enum: ids,
    description:
      ids.length > 1
        ? `The call's gateway modID: ${ids.join(' or ')} (see x-module-ids). Optional; any other value is refused.`
        : `The call's gateway modID, ${ids[0] ?? ''}. Optional; any other value is refused.`,
  });
}
