/**
 * Export and import of a world as one file (docs/decisions/030-world-files.md): handlers of
 * server/control/routes.ts's table. The file itself is server/sim/world-file.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../openapi/common';
import { ApiError, badRequest } from '../errors';
import { WorldFileError } from '../sim/store/sqlite';
import { exportWorld, importWorld, WORLD_FILE_BODY_TYPES, WORLD_FILE_TYPE } from '../sim/world-file';
import { checkWorldName } from '../sim/worlds';
import { ControlErrorCode, type ControlValue } from './contract';

interface Ctx {
  params: Record<string, string>;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Create or replace world `name` (else the file's own name) from the request's file. */
function importInto(request: FastifyRequest, body: unknown, name: string | undefined): ControlValue<'importWorld'> {
  if (!Buffer.isBuffer(body)) {
    const message = `must be ${WORLD_FILE_BODY_TYPES.join(' or ')} (the file of GET /__sim/worlds/NAME/export), not ${request.headers['content-type'] ?? 'nothing'}`;
    throw new ApiError(415, ErrorCode.unsupportedMediaType, `headers/content-type ${message}`, { fields: [{ field: 'headers/content-type', message }] });
  }
  const worlds = request.server.worlds;
  let imported;
  try {
    imported = importWorld(body, () => worlds.fresh());
  } catch (err) {
    if (err instanceof WorldFileError) throw badRequest(`Not a world file this simulator can import: ${err.message}`, 'body');
    throw err;
  }
  const target = name ?? imported.name;
  if (target === undefined) throw badRequest('The file names no world (a state directory\'s file): import it with a name, POST /__sim/worlds/NAME/import', 'body');
  checkWorldName(target, name === undefined ? 'body' : 'params/name');
  worlds.adopt(target, imported.sim);
  const info = worlds.list().worlds.find((w) => w.name === target);
  if (!info) throw new ApiError(404, ControlErrorCode.nothingFound, `World "${target}" was unloaded at once (--max-worlds ${worlds.maxWorlds})`);
  return info;
}

export const worldFileHandlers = {
  exportWorld: ({ request, reply, params }: Ctx): ControlValue<'exportWorld'> => {
    const name = params.name ?? '';
    const sim = request.server.worlds.find(name);
    if (!sim) throw new ApiError(404, ControlErrorCode.nothingFound, `No world "${name}"`);
    void reply.type(WORLD_FILE_TYPE).header('content-disposition', `attachment; filename="${name}.sqlite"`);
    return exportWorld(name, sim);
  },

  importWorld: ({ request, body, params }: Ctx): ControlValue<'importWorld'> => importInto(request, body, params.name ?? ''),

  importNamedWorld: ({ request, body }: Ctx): ControlValue<'importNamedWorld'> => importInto(request, body, undefined),
};
