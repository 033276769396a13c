/**
 * Contract checking of gateway replies: a reply is matched to its operation in
 * `openapi/openapi.json` by method and path, and its status and body are validated with Ajv
 * (JSON Schema 2020-12, compiled from the document itself, so the check is independent of the
 * simulator's own validation). Each difference comes out as a field path, what the contract expects
 * and what the gateway sent, short enough to read in a log line.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
// '.js': Playwright loads this file with Node's own ESM resolution, which needs the file name.
// '.js': Playwright loads this file through Node's own ESM resolution, which needs the file name.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the checker reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export const CONTRACT_PATH = new URL('../../openapi/openapi.json', import.meta.url);

export function loadContract(path: URL | string = CONTRACT_PATH): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** One operation of the contract. */
export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  /** The path was not given by the product's API reference (ADR 002): a 404 here likely means the real path differs. */
  inferred: boolean;
  /** Declared statuses, ascending. */
  statuses: string[];
}

/** One way a reply differs from the contract. */
export interface Difference {
  /** `value.list[].gameName`; `(status)`, `(content-type)` or `(body)` for the reply as a whole. */
  field: string;
  expected: string;
  got: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const JSON_KEY = 'openapi.json';
const GOT_MAX = 60;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Short JSON of a value for a report line; strings and large values are cut. */
export function shortJson(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > GOT_MAX ? `${text.slice(0, GOT_MAX - 1)}…` : text;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** What a (sub)schema allows, in a few words: `"light"`, `string`, `Member`, `0 | 1 | 2`. */
function describeSchema(schema: unknown): string {
  if (!isObject(schema)) return String(schema);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? schema.$ref;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(describeSchema).join(' | ');
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map(describeSchema).join(' | ');
  if (typeof schema.title === 'string') return schema.title;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  return 'a value matching the schema';
}

/** `/value/list/3/gameName` → `value.list[].gameName`: one report line for every item of a list. */
function fieldOf(instancePath: string, leaf?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (leaf !== undefined) parts.push(leaf);
  let out = '';
  for (const part of parts) {
    const name = part.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(name) ? '[]' : out ? `.${name}` : name;
  }
  return out || '(body)';
}

function differenceOf(error: ErrorObject): Difference {
  const p = error.params as Record<string, unknown>;
  const data: unknown = error.data;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      // A renamed field shows up as a missing one plus a field the schema does not declare; name the
      // latter so the report reads "missing (undeclared: nickName)".
      const declared = isObject(error.parentSchema) && isObject(error.parentSchema.properties) ? error.parentSchema.properties : {};
      const extra = isObject(data) ? Object.keys(data).filter((k) => !(k in declared)) : [];
      return {
        field: fieldOf(error.instancePath, missing),
        expected: 'present (required)',
        got: extra.length ? `missing (undeclared: ${extra.slice(0, 5).join(', ')})` : 'missing',
      };
    }
    case 'type':
      return {
        field: fieldOf(error.instancePath),
        expected: Array.isArray(p.type) ? p.type.join(' | ') : String(p.type),
        got: `${jsonType(data)} ${shortJson(data)}`,
      };
    case 'const':
      return { field: fieldOf(error.instancePath), expected: JSON.stringify(p.allowedValue), got: shortJson(data) };
    case 'enum':
      return { field: fieldOf(error.instancePath), expected: describeSchema({ enum: p.allowedValues }), got: shortJson(data) };
    case 'anyOf':
    case 'oneOf':
      return { field: fieldOf(error.instancePath), expected: describeSchema({ anyOf: error.schema }), got: `${jsonType(data)} ${shortJson(data)}` };
    case 'additionalProperties':
      return { field: fieldOf(error.instancePath, String(p.additionalProperty)), expected: 'absent (not declared)', got: 'present' };
    case 'unevaluatedProperties':
      return {
        field: fieldOf(error.instancePath, String(p.unevaluatedProperty)),
        expected: 'absent (not declared)',
        got: `present: ${shortJson(isObject(data) ? data[String(p.unevaluatedProperty)] : undefined)}`,
      };
    case 'format':
      return { field: fieldOf(error.instancePath), expected: `${String(p.format)} format`, got: shortJson(data) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field: fieldOf(error.instancePath), expected: `${String(p.comparison)} ${String(p.limit)}`, got: shortJson(data) };
    default:
      return { field: fieldOf(error.instancePath), expected: error.message ?? error.keyword, got: shortJson(data) };
  }
}

/**
 * Ajv's errors as differences. Under `allErrors` a failing anyOf also lists why each branch failed;
 * those are dropped in favour of the one anyOf line ("expected 0 | 1 | 2").
 */
export function differencesOf(errors: readonly ErrorObject[]): Difference[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  const seen = new Set<string>();
  const out: Difference[] = [];
  for (const error of errors) {
    if (unions.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const diff = differenceOf(error);
    const key = `${diff.field}\u0000${diff.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(diff);
  }
  return out;
}

/** A reply as the checker sees it. */
export interface CheckedReply {
  status: number;
  contentType?: string;
  contentEncoding?: string;
  /** The body as received (possibly compressed). */
  body: Buffer;
}

export type CheckOutcome =
  | { checked: true; differences: Difference[] }
  /** The body could not be read for checking (say, over the size limit once decompressed). */
  | { checked: false; reason: string };

/** Decompress a copy of the body for checking; the client still gets the original bytes. */
function decoded(reply: CheckedReply, maxBytes: number): Buffer {
  const encoding = (reply.contentEncoding ?? 'identity').trim().toLowerCase();
  const opts: ZlibOptions = { maxOutputLength: maxBytes };
  if (encoding === 'identity' || encoding === '') return reply.body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(reply.body, opts);
  if (encoding === 'deflate') return inflateSync(reply.body, opts);
  if (encoding === 'br') return brotliDecompressSync(reply.body, opts);
  throw new Error(`content-encoding ${encoding} is not supported by the checker`);
}

/**
 * A copy of the document in which every object schema that lists its properties (itself or in the
 * parts of its `allOf`) and says nothing of others refuses undeclared ones
 * (`unevaluatedProperties: false`, which sees through `allOf`, `anyOf` and `$ref`). The parts of an
 * `allOf` are left open: each declares only its share of the object.
 */
export function closedObjects<T>(doc: T): T {
  const inAllOf = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf)) for (const m of node.allOf) if (isObject(m) && typeof m.$ref === 'string') inAllOf.add(m.$ref);
    Object.values(node).forEach(collect);
  };
  collect(doc);
  const target = (m: unknown): Json | undefined => {
    if (!isObject(m) || typeof m.$ref !== 'string') return isObject(m) ? m : undefined;
    let node: unknown = doc;
    for (const part of m.$ref.replace(/^#\//, '').split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isObject(node) ? node : undefined;
  };
  const walk = (node: unknown, open: boolean, at: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, false, ''));
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      const here = at ? `${at}/${pointer(k)}` : '';
      out[k] = k === 'allOf' && Array.isArray(v) ? v.map((m) => walk(m, true, '')) : walk(v, false, here);
    }
    const component = at.startsWith('#/components/schemas/') && at.split('/').length === 4 && inAllOf.has(at);
    const declares = isObject(node.properties) || (Array.isArray(node.allOf) && node.allOf.some((m) => isObject(target(m)?.properties)));
    if (!open && !component && declares && !('additionalProperties' in node) && !('unevaluatedProperties' in node)) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  const root = doc as Json;
  return { ...root, paths: walk(root.paths, false, ''), components: walk(root.components, false, '#/components') } as T;
}

/** The contract, ready to match requests and validate replies. */
export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly operations = new Map<string, ContractOperation>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly responses = new Map<string, Json>();

  /**
   * `undeclaredFields`: also report fields a reply carries that its schema does not declare (the
   * contract's objects are open, so a plain check lets them pass).
   */
  constructor(
    private readonly doc: OpenApiDocument = loadContract(),
    options: { undeclaredFields?: boolean } = {},
  ) {
    // verbose: errors carry their schema and data, which the report lines quote.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema((options.undeclaredFields ? closedObjects(doc) : doc) as object, JSON_KEY);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const spec = item[method];
        if (!isObject(spec) || typeof spec.operationId !== 'string') continue;
        const responses = isObject(spec.responses) ? spec.responses : {};
        this.operations.set(`${method.toUpperCase()} ${path}`, {
          operationId: spec.operationId,
          method: method.toUpperCase(),
          path,
          inferred: spec['x-inferred'] === true,
          statuses: Object.keys(responses).sort(),
        });
        this.responses.set(spec.operationId, responses);
      }
    }
  }

  /** The operation a request calls; no path of this contract has parameters, so it is a lookup. */
  match(method: string, path: string): ContractOperation | undefined {
    return this.operations.get(`${method.toUpperCase()} ${path}`);
  }

  /** Compile (once) the schema of one declared response, following a `$ref` to a shared response. */
  private validator(op: ContractOperation, status: string): ValidateFunction | undefined {
    const key = `${op.operationId} ${status}`;
    const cached = this.validators.get(key);
    if (cached) return cached;
    const response = this.responses.get(op.operationId)?.[status];
    if (!isObject(response)) return undefined;
    const base =
      typeof response.$ref === 'string'
        ? response.$ref.replace(/^#\//, '')
        : pointer('paths', op.path, op.method.toLowerCase(), 'responses', status);
    const validate = this.ajv.getSchema(`${JSON_KEY}#/${base}/${pointer('content', 'application/json', 'schema')}`);
    if (validate) this.validators.set(key, validate);
    return validate;
  }

  /** Check one reply of `op`; `maxBytes` bounds a decompressed body. */
  check(op: ContractOperation, reply: CheckedReply, maxBytes = Number.POSITIVE_INFINITY): CheckOutcome {
    const status = String(reply.status);
    if (!op.statuses.includes(status)) {
      // An undeclared status is drift on its own; its body has no schema to be checked against.
      return {
        checked: true,
        differences: [{ field: '(status)', expected: `one of ${op.statuses.join(', ')}`, got: status }],
      };
    }
    const differences: Difference[] = [];
    const type = reply.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!/^application\/(.+\+)?json$/.test(type)) {
      differences.push({ field: '(content-type)', expected: 'application/json', got: type || 'none' });
    }
    let text: string;
    try {
      text = decoded(reply, maxBytes).toString('utf8');
    } catch (err) {
      return { checked: false, reason: err instanceof Error ? err.message : String(err) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      differences.push({ field: '(body)', expected: 'JSON', got: shortJson(text) });
      return { checked: true, differences };
    }
    if (reply.status < 300 && isObject(body) && body.success === false) {
      // The client accepts a failure at any status (the error envelope's `success: false` decides, not the HTTP status), so this is one line of drift about
      // the status, not a list of success-shape fields that an error envelope naturally lacks.
      const errors = op.statuses.filter((s) => !s.startsWith('2'));
      return {
        checked: true,
        differences: [
          ...differences,
          {
            field: '(status)',
            expected: `an error status for success:false (${errors.join(', ') || 'none declared'})`,
            got: `${status} with errorCode ${shortJson(body.errorCode)}`,
          },
        ],
      };
    }
    const validate = this.validator(op, status);
    if (!validate) return { checked: false, reason: `no JSON schema for status ${status}` };
    if (!validate(body)) differences.push(...differencesOf(validate.errors ?? []));
    return { checked: true, differences };
  }
}
