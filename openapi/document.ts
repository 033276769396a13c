/**
 * Builds the OpenAPI 3.1 document from the operation definitions. Run by `npm run gen`; the result is
 * committed as openapi/openapi.json and a test fails when it is stale.
 */
import type { TSchema } from '@sinclair/typebox';
import type { AnyOperation, Area } from './define';
import { CommonHeadersSchema, EncryptedBodySchema, ErrorEnvelopeSchema, Ok } from './common';
import { errorCodesOf, errorRegistry } from './errors';
import { moduleIdSchema, moduleIdsOf } from './module-id';
import { operationList } from './operations';

type Json = Record<string, unknown>;

const AREA_DESCRIPTIONS: Record<Area, string> = {
  session: 'RSA key, login, free play and logout.',
  verification: 'SMS codes and the captcha.',
  system: 'Bootstrap, status, flags, settings, content and support.',
  member: 'Account, registration, passwords and profile.',
  wallet: 'Balance, money movements and records.',
  games: 'Menus, vendors, lobbies, favourites and launching.',
  lottery: 'Lottery menus, draws and lobby launch.',
  points: 'Points mall.',
  promotions: 'Promotions, rewards and missions.',
  messages: 'Messages and chat.',
  agent: 'Agent centre.',
};

/** JSON copy of a TypeBox schema; recursive schemas ($id + self $ref) become named components. */
function toJson(schema: TSchema, components: Json): Json {
  const walk = (node: unknown, ids: Map<string, string>): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, ids));
    if (node === null || typeof node !== 'object') return node;
    const src = node as Json;
    let scope = ids;
    if (typeof src.$id === 'string' && typeof src.title === 'string') {
      scope = new Map(ids).set(src.$id, src.title);
      const { $id: _id, ...rest } = src;
      const out: Json = {};
      for (const [k, v] of Object.entries(rest)) out[k] = walk(v, scope);
      components[src.title] = out;
      return { $ref: `#/components/schemas/${src.title}` };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(src)) {
      if (k === '$ref' && typeof v === 'string' && scope.has(v)) out[k] = `#/components/schemas/${scope.get(v)}`;
      else out[k] = walk(v, scope);
    }
    return out;
  };
  return walk(JSON.parse(JSON.stringify(schema)), new Map()) as Json;
}

function firstExample(schema: Json): unknown {
  const ex = schema.examples;
  return Array.isArray(ex) ? ex[0] : undefined;
}

function errorResponses(op: AnyOperation): Json {
  const ref = { $ref: '#/components/responses/Error' };
  const out: Json = { '400': ref, '404': ref, '429': ref, '503': ref };
  if (op.access !== 'public') out['401'] = ref;
  // 403: role refusals and region restriction; every call may meet the latter.
  out['403'] = ref;
  // 415: a body of another type than the call takes (any method whose body is parsed).
  if (op.method !== 'GET') out['415'] = ref;
  // 410: the simulator's sandbox world was deleted or replaced while the call ran (sim.world.removed).
  out['410'] = ref;
  return out;
}

function parameters(op: AnyOperation, components: Json): Json[] {
  const params: Json[] = [];
  const headerObj = toJson(CommonHeadersSchema, components) as { properties: Json; required?: string[] };
  const headerNames: Record<string, string> = { merchant: 'Merchant', device: 'Device', language: 'Language', moduleid: 'ModuleId' };
  for (const [key, schema] of Object.entries(headerObj.properties)) {
    const s = schema as Json;
    params.push({
      name: headerNames[key] ?? key,
      in: 'header',
      required: headerObj.required?.includes(key) ?? false,
      description: key === 'moduleid' ? moduleIdSchema(op).description : s.description,
      schema: key === 'moduleid' ? { type: 'string', enum: moduleIdsOf(op) } : s,
    });
  }
  if (op.headers) {
    const h = toJson(op.headers, components) as { properties: Json; required?: string[] };
    for (const [key, schema] of Object.entries(h.properties)) {
      params.push({
        name: key.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()),
        in: 'header',
        required: h.required?.includes(key) ?? false,
        description: (schema as Json).description,
        schema,
      });
    }
  }
  if (op.encrypted) {
    params.push({
      name: 'Encryption',
      in: 'header',
      required: true,
      description: 'Lowercase hex of m^e mod n: the random key string wrapped with the RSA key of getRsaKey.',
      schema: { type: 'string', pattern: '^[0-9a-f]+$' },
    });
  }
  if (op.query) {
    const q = toJson(op.query, components) as { properties: Json; required?: string[]; examples?: Json[] };
    const example = (q.examples?.[0] ?? {}) as Json;
    for (const [key, schema] of Object.entries(q.properties)) {
      const param: Json = {
        name: key,
        in: 'query',
        required: q.required?.includes(key) ?? false,
        schema,
      };
      if ((schema as Json).description) param.description = (schema as Json).description;
      if (key in example) param.example = example[key];
      params.push(param);
    }
  }
  return params;
}

export function buildDocument(): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  const tags = new Set<Area>();
  for (const op of operationList) {
    tags.add(op.area);
    const operation: Json = {
      operationId: op.operationId,
      tags: [op.area],
      summary: op.summary,
      description: op.description ?? op.summary,
      security: op.access === 'public' ? [] : [{ token: [] }],
      'x-module-id': op.moduleId,
      'x-access': op.access,
      'x-error-codes': errorCodesOf(op),
      parameters: parameters(op, components),
      responses: {
        '200': {
          description: 'Success envelope.',
          content: {
            'application/json': {
              schema: toJson(Ok(op.value, `${op.operationId}Reply`), components),
            },
          },
        },
        ...errorResponses(op),
      },
    };
    if (op.altModuleIds) operation['x-module-ids'] = [op.moduleId, ...op.altModuleIds];
    if (op.inferred) operation['x-inferred'] = true;
    if (op.body) {
      const plain = toJson(op.body, components);
      if (op.encrypted) {
        const name = (plain.title as string | undefined) ?? `${op.operationId}Plaintext`;
        components[name] = plain;
        operation['x-encrypted'] = true;
        operation['x-plaintext-schema'] = { $ref: `#/components/schemas/${name}` };
        operation.requestBody = {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/EncryptedBody' } } },
        };
      } else {
        const media: Json = { schema: plain };
        const ex = firstExample(plain);
        if (ex !== undefined) media.example = ex;
        // The form-encoded call (forgot password by email) takes JSON as well; every other, JSON only.
        const content: Json = op.formEncoded ? { 'application/x-www-form-urlencoded': media, 'application/json': media } : { 'application/json': media };
        operation.requestBody = { required: true, content };
      }
    }
    const path = (paths[op.path] ??= {});
    path[op.method.toLowerCase()] = operation;
  }
  components.ErrorEnvelope = toJson(ErrorEnvelopeSchema, components);
  components.EncryptedBody = toJson(EncryptedBodySchema, components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal gateway contract',
      version: '1.0.0',
      description:
        'The calls of the gaming and lottery portal as the gateway serves them (envelope, headers, encryption: see docs). Operations marked x-inferred have paths the product spec does not give.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Portal team' },
    },
    servers: [{ url: '/', description: 'The same origin: the simulator, or the gateway proxy.' }],
    tags: [...tags].map((name) => ({ name, description: AREA_DESCRIPTIONS[name] })),
    // The error registry (openapi/errors.ts): status and English default of every code an operation
    // lists under x-error-codes.
    'x-error-registry': Object.fromEntries(
      Object.entries(errorRegistry).map(([code, e]) => [code, { status: e.status, message: e.message }]),
    ),
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The raw session token, no scheme.',
        },
      },
      responses: {
        Error: {
          description: 'Error envelope (request_param_err, login.not.session, role, region, throttle, maintenance).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      schemas: components,
    },
  };
}
