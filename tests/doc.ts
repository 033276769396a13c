/**
 * The committed openapi.json as the robustness, concurrency and security tests read it: the list of
 * operations with their access rule, an independent Ajv validator for replies, and a valid example
 * request per operation built from the document alone (not from the server's TypeBox definitions).
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking an arbitrary JSON document
export type Json = Record<string, any>;

export const doc = JSON.parse(
  readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8'),
) as Json;

export type Access = 'public' | 'token' | 'member' | 'agent';

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  encrypted: boolean;
  /** The operation's security list is non-empty: it needs the Authorization token. */
  secured: boolean;
  spec: Json;
}

export const operations: Operation[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, spec]: [string, Json]) => ({
    operationId: spec.operationId as string,
    method: method.toUpperCase() as Operation['method'],
    path,
    access: spec['x-access'] as Access,
    encrypted: !!spec['x-encrypted'],
    secured: Array.isArray(spec.security) && spec.security.length > 0,
    spec,
  })),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, 'openapi.json');

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Follow local $refs (#/components/…) to the node they name. */
export function resolve(node: Json): Json {
  if (node && typeof node.$ref === 'string') {
    const parts = (node.$ref as string).replace(/^#\//, '').split('/');
    return resolve(
      parts.reduce((n: Json, p: string) => n[p.replace(/~1/g, '/').replace(/~0/g, '~')], doc),
    );
  }
  return node;
}

/**
 * Validate a reply against the document: the operation's declared response for that status (the
 * ErrorEnvelope component for error statuses). Returns null when valid, else what is wrong.
 */
export function validateReply(op: Operation, status: number, body: unknown): string | null {
  const response = op.spec.responses?.[String(status)] as Json | undefined;
  if (!response) return `status ${status} is not declared for ${op.operationId}`;
  const ref = response.$ref
    ? `openapi.json#/${pointer(...(response.$ref as string).replace(/^#\//, '').split('/'), 'content', 'application/json', 'schema')}`
    : `openapi.json#/${pointer('paths', op.path, op.method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return `no schema at ${ref}`;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

/** The ErrorEnvelope component, for replies of routes outside the document (404s). */
export function validateErrorEnvelope(body: unknown): string | null {
  const validate = ajv.getSchema('openapi.json#/components/schemas/ErrorEnvelope');
  if (!validate) return 'no ErrorEnvelope component';
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

/**
 * The reply as an envelope: against the declared response when the status is declared, else against
 * the ErrorEnvelope component (the fuzzer reports undeclared statuses separately, as contract gaps).
 */
export function validateEnvelope(op: Operation, status: number, body: unknown): string | null {
  return op.spec.responses?.[String(status)]
    ? validateReply(op, status, body)
    : validateErrorEnvelope(body);
}

export interface ExampleRequest {
  query: Record<string, string>;
  /** Required constant headers (X-Gateway-Version on free play). */
  headers: Record<string, string>;
  /** The plaintext body (encrypted calls: the x-plaintext-schema example). */
  body?: unknown;
  contentType?: string;
}

/** A valid request from the document's examples. */
export function exampleRequest(op: Operation): ExampleRequest {
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of (op.spec.parameters ?? []) as Json[]) {
    if (p.in === 'query' && p.example !== undefined) query[p.name] = String(p.example);
    if (p.in === 'header' && p.required && p.schema?.const !== undefined)
      headers[String(p.name).toLowerCase()] = String(p.schema.const);
  }
  let body: unknown;
  let contentType: string | undefined;
  if (op.encrypted) body = resolve(op.spec['x-plaintext-schema'] as Json).examples?.[0];
  else if (op.spec.requestBody) {
    const content = op.spec.requestBody.content as Json;
    contentType = Object.keys(content)[0];
    const media = Object.values(content)[0] as Json;
    body = media.example ?? resolve(media.schema as Json).examples?.[0];
  }
  return { query, headers, body, contentType };
}

/** The JSON schema (resolved) of an operation's plaintext body, if it has one. */
export function bodySchema(op: Operation): Json | undefined {
  if (op.encrypted) return resolve(op.spec['x-plaintext-schema'] as Json);
  const content = op.spec.requestBody?.content as Json | undefined;
  const media = content && (Object.values(content)[0] as Json | undefined);
  return media?.schema ? resolve(media.schema as Json) : undefined;
}
