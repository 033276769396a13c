/**
 * The control API's own OpenAPI 3.1 document, built from server/control/contract.ts and served at
 * GET /__sim/openapi.json. It is separate from openapi/openapi.json: the portal never calls these.
 */
import type { TSchema } from '@sinclair/typebox';
import { ErrorEnvelopeSchema, Ok } from '../../openapi/common';
import { CONTROL_PREFIX, controlOps, type ControlOp } from './contract';

type Json = Record<string, unknown>;

/** Plain JSON of a TypeBox schema (TypeBox keeps its own markers in symbol keys, which JSON drops). */
const toJson = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input: the error envelope names the failing fields in value.fields.',
  404: 'Nothing to answer with (no such SMS, captcha, snapshot or world).',
  409: 'The journal is off (the simulator was started with --journal off).',
  415: 'A body of another type than application/json.',
  401: 'The simulator was started with a control token and the call did not send it in X-Sim-Control-Token (sim.control.token).',
  403: 'Refused for who asked: the Host is neither a loopback name nor one allowed with --allow-host (sim.control.host), or the call came from a page of another site (its Origin; sim.control.origin).',
};

/** Who may call (server/plugins/control-access.ts): every operation may answer these. */
const ACCESS_STATUSES = [401, 403];

function parameters(op: ControlOp): Json[] {
  const of = (where: 'query' | 'path', object: ControlOp['query']) => {
    if (!object) return [];
    const q = toJson(object) as { properties: Record<string, Json>; required?: string[] };
    return Object.entries(q.properties).map(([name, schema]) => ({
      name,
      in: where,
      required: where === 'path' || (q.required?.includes(name) ?? false),
      schema,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    }));
  };
  return [...of('path', op.params), ...of('query', op.query)];
}

export function buildControlDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of Object.values(controlOps) as ControlOp[]) {
    const binary = { type: 'string', format: 'binary' };
    const responses: Json = {
      '200': op.fileReply
        ? {
            description: 'The file (no envelope).',
            headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="NAME.sqlite"' } },
            content: { [op.fileReply]: { schema: binary } },
          }
        : op.stream
        ? {
            description: 'Server-Sent Events; the data of each `entry` event is JSON of the x-event-data schema.',
            content: {
              'text/event-stream': {
                schema: { type: 'string', description: op.description ?? op.summary },
                'x-event-data': toJson(op.stream),
              },
            },
          }
        : {
            description: 'Success envelope.',
            ...(op.replyHeaders
              ? {
                  headers: Object.fromEntries(
                    Object.entries(op.replyHeaders).map(([name, schema]) => {
                      const json = toJson(schema);
                      return [name, { schema: json, ...(typeof json.description === 'string' ? { description: json.description } : {}) }];
                    }),
                  ),
                }
              : {}),
            content: { 'application/json': { schema: toJson(Ok(op.value, `${op.operationId}Reply`)) } },
          },
    };
    const bodyType = op.method === 'GET' ? [] : [415];
    for (const status of [400, ...bodyType, ...(op.errors ?? []), ...ACCESS_STATUSES]) {
      responses[String(status)] = {
        description: (status === 415 && op.fileBody ? `A body of another type than ${op.fileBody.join(' or ')}.` : STATUS_TEXT[status]) ?? 'Error envelope.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    const operation: Json = {
      operationId: op.operationId,
      tags: ['control'],
      summary: op.summary,
      description: op.description ?? op.summary,
      parameters: parameters(op),
      responses,
    };
    if (op.fileBody) {
      operation.requestBody = { required: true, content: Object.fromEntries(op.fileBody.map((type) => [type, { schema: binary }])) };
    } else if (op.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJson(op.body) } },
      };
    }
    const path = `${CONTROL_PREFIX}${op.path}`;
    paths[path] = { ...(paths[path] ?? {}), [op.method.toLowerCase()]: operation };
  }
  paths[`${CONTROL_PREFIX}/openapi.json`] = {
    get: {
      operationId: 'getControlDocument',
      tags: ['control'],
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the control API.',
      responses: {
        '200': {
          description: 'The document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal simulator control API',
      version: '1.0.0',
      description:
        'QA control of the simulator (simulator mode only): scenario, system status, flags, SMS outbox, ' +
        'captcha answers, clock, faults, latency, snapshots, reset and the request journal. Driven by `npm run sim`.',
    },
    tags: [{ name: 'control', description: 'Simulator control.' }],
    paths,
    components: { schemas: { ErrorEnvelope: toJson(ErrorEnvelopeSchema) } },
  };
}
