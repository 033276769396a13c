/**
 * `npm run contract:diff -- OLD [NEW]`: the changes between two versions of the gateway contract,
 * breaking ones marked, each with the identifier an ADR names to accept it (ADR 025).
 *
 * OLD and NEW are an `openapi.json` file or a git ref (then `openapi/openapi.json` at that commit);
 * NEW defaults to the working tree. `--history` checks every contract change on the first-parent
 * line since this gate came in, which is what CI runs. Exit codes: 0 nothing breaking (or every
 * breaking change named by an ADR), 1 a breaking change no ADR names, 2 usage or input error.
 *
 * Breaking means a message valid under the old contract stops being valid under the new one:
 * for what a client sends (parameters, request bodies, the plaintext of encrypted calls) the new
 * contract must accept everything the old one did; for what a client reads (response bodies) it
 * must promise nothing the old one did not. `$ref`s and `allOf` are resolved before comparing, and
 * an `anyOf` of `const`s (TypeBox's union of literals) is compared as an enum.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEntryPoint, parseCommandArgs } from '../server/command-args';

export const CONTRACT_FILE = 'openapi/openapi.json';
export const DECISIONS_DIR = 'docs/decisions';
/** The file whose arrival on the first-parent line starts the `--history` check. */
const GATE_FILE = 'scripts/contract-diff.ts';
export const EXIT = { ok: 0, breaking: 1, usage: 2 } as const;

type Json = Record<string, unknown>;
type Direction = 'request' | 'response';

export type ChangeKind =
  | 'operation-removed'
  | 'operation-added'
  | 'status-removed'
  | 'status-added'
  | 'media-type-removed'
  | 'media-type-added'
  | 'parameter-added'
  | 'parameter-removed'
  | 'field-removed'
  | 'field-added'
  | 'made-required'
  | 'made-optional'
  | 'type-narrowed'
  | 'type-widened'
  | 'enum-narrowed'
  | 'enum-widened'
  | 'limit-tightened'
  | 'limit-loosened'
  | 'alternatives-removed'
  | 'alternatives-added';

export interface ContractChange {
  /** `METHOD /path`. */
  operation: string;
  operationId: string;
  kind: ChangeKind;
  /** `response 200`, `response 400, 403`, `request body`, `header`, `query`, or '' for the operation. */
  where: string;
  /** Field path inside the body (`value.list[].status`), a parameter's name, a status, or ''. */
  field: string;
  detail: string;
  breaking: boolean;
  /** What an ADR writes to accept a breaking change: `break:<operationId>:<kind>[:<target>]`. */
  id: string;
  /** The ADR file naming it, when one does. */
  acceptedBy?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- schema views ---------------------------------------------------------------------------------

/** A document's `#/...` pointer resolved, or undefined. */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/**
 * A node with its `$ref` followed (siblings kept, as OpenAPI 3.1 allows) and its `allOf` merged
 * into one schema: properties and required lists joined, other keywords from the first that has
 * them. `seen` stops a cycle.
 */
function view(doc: Json, node: unknown, seen: ReadonlySet<string> = new Set()): Json {
  if (!isObject(node)) return {};
  let out: Json = node;
  const refs = new Set(seen);
  while (typeof out.$ref === 'string' && !refs.has(out.$ref)) {
    refs.add(out.$ref);
    const { $ref, ...siblings } = out;
    const target = resolvePointer(doc, $ref as string);
    out = { ...(isObject(target) ? target : {}), ...siblings };
  }
  if (typeof out.$ref === 'string') return { $ref: out.$ref, 'x-cycle': true };
  if (Array.isArray(out.allOf)) {
    const { allOf, ...rest } = out;
    const merged: Json = { ...rest };
    const properties: Json = isObject(rest.properties) ? { ...rest.properties } : {};
    const required = new Set<string>(
      Array.isArray(rest.required) ? (rest.required as string[]) : [],
    );
    for (const part of allOf as unknown[]) {
      const v = view(doc, part, refs);
      if (isObject(v.properties)) Object.assign(properties, v.properties);
      if (Array.isArray(v.required)) for (const r of v.required as string[]) required.add(r);
      for (const [k, value] of Object.entries(v))
        if (!(k in merged) && k !== 'properties' && k !== 'required') merged[k] = value;
    }
    if (Object.keys(properties).length) merged.properties = properties;
    if (required.size) merged.required = [...required];
    out = merged;
  }
  return out;
}

function alternatives(s: Json): unknown[] | undefined {
  const alts = s.anyOf ?? s.oneOf;
  return Array.isArray(alts) ? alts : undefined;
}

/** The values a schema allows when it is a closed set (`const`, `enum`, an anyOf of those). */
function valueSet(doc: Json, s: Json): string[] | undefined {
  if ('const' in s) return [JSON.stringify(s.const)];
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v));
  const alts = alternatives(s);
  if (!alts?.length) return undefined;
  const out: string[] = [];
  for (const alt of alts) {
    const values = valueSet(doc, view(doc, alt));
    if (!values) return undefined;
    out.push(...values);
  }
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema allows; undefined when it does not say (any type). */
function typeSet(doc: Json, s: Json): Set<string> | undefined {
  if (typeof s.type === 'string' || Array.isArray(s.type)) {
    const types = new Set<string>(typeof s.type === 'string' ? [s.type] : (s.type as string[]));
    if (s.nullable === true) types.add('null');
    return types;
  }
  if ('const' in s) return new Set([jsonType(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(jsonType));
  const alts = alternatives(s);
  if (alts?.length) {
    const types = new Set<string>();
    for (const alt of alts) {
      const t = typeSet(doc, view(doc, alt));
      if (!t) return undefined;
      for (const type of t) types.add(type);
    }
    return types;
  }
  return undefined;
}

/** Whether `types` admits every value of `type` (an integer is a number). */
const admits = (types: Set<string>, type: string) =>
  types.has(type) || (type === 'integer' && types.has('number'));

const list = (values: Iterable<string>) => [...values].join(' | ');

// ---- comparing ------------------------------------------------------------------------------------

/** One difference found inside a schema, before it is tied to an operation. */
interface SchemaChange {
  kind: ChangeKind;
  field: string;
  detail: string;
  breaking: boolean;
}

/** Limits whose larger value accepts more (upper bounds) and whose smaller value does (lower). */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];

class SchemaDiff {
  readonly changes: SchemaChange[] = [];
  private readonly visiting = new Set<string>();

  constructor(
    private readonly oldDoc: Json,
    private readonly newDoc: Json,
    private readonly direction: Direction,
  ) {}

  private add(kind: ChangeKind, field: string, detail: string, breaking: boolean): void {
    this.changes.push({ kind, field, detail, breaking });
  }

  /**
   * A change that restricts what the schema allows: breaking for what clients send. Its opposite
   * (`widen`) is breaking for what clients read.
   */
  private narrowed(kind: ChangeKind, field: string, detail: string): void {
    this.add(kind, field, detail, this.direction === 'request');
  }

  private widened(kind: ChangeKind, field: string, detail: string): void {
    this.add(kind, field, detail, this.direction === 'response');
  }

  compare(oldNode: unknown, newNode: unknown, field: string): void {
    // A pair of refs already being compared further up is a cycle (a tree of nodes): stop there.
    const key = `${isObject(oldNode) ? String(oldNode.$ref) : ''}\u0000${isObject(newNode) ? String(newNode.$ref) : ''}\u0000${field.split('.').length > 12 ? '' : field}`;
    if (
      isObject(oldNode) &&
      isObject(newNode) &&
      typeof oldNode.$ref === 'string' &&
      this.visiting.has(key)
    )
      return;
    this.visiting.add(key);
    try {
      this.compareViews(view(this.oldDoc, oldNode), view(this.newDoc, newNode), field);
    } finally {
      this.visiting.delete(key);
    }
  }

  private compareViews(o: Json, n: Json, field: string): void {
    if (o['x-cycle'] || n['x-cycle']) return;
    const to = typeSet(this.oldDoc, o);
    const tn = typeSet(this.newDoc, n);
    if (to && tn) {
      const lost = [...to].filter((t) => !admits(tn, t));
      const gained = [...tn].filter((t) => !admits(to, t));
      if (lost.length) this.narrowed('type-narrowed', field, `type ${list(to)} → ${list(tn)}`);
      if (gained.length) this.widened('type-widened', field, `type ${list(to)} → ${list(tn)}`);
    } else if (to && !tn) {
      this.widened('type-widened', field, `type ${list(to)} → any`);
    } else if (!to && tn) {
      this.narrowed('type-narrowed', field, `type any → ${list(tn)}`);
    }

    const vo = valueSet(this.oldDoc, o);
    const vn = valueSet(this.newDoc, n);
    if (vo && vn) {
      const removed = vo.filter((v) => !vn.includes(v));
      const added = vn.filter((v) => !vo.includes(v));
      if (removed.length)
        this.narrowed('enum-narrowed', field, `values removed: ${removed.join(', ')}`);
      if (added.length) this.widened('enum-widened', field, `values added: ${added.join(', ')}`);
    } else if (vo && !vn) {
      this.widened('enum-widened', field, `was one of ${vo.join(', ')}, now any value of its type`);
    } else if (!vo && vn) {
      this.narrowed('enum-narrowed', field, `now only ${vn.join(', ')}`);
    }

    this.compareLimits(o, n, field);

    // Alternatives that are not a closed set of values: compared in order, branch by branch.
    const ao = vo ? undefined : alternatives(o);
    const an = vn ? undefined : alternatives(n);
    if (ao && an) {
      for (let i = 0; i < Math.min(ao.length, an.length); i++) this.compare(ao[i], an[i], field);
      if (ao.length > an.length)
        this.narrowed('alternatives-removed', field, `${ao.length} alternatives → ${an.length}`);
      if (an.length > ao.length)
        this.widened('alternatives-added', field, `${ao.length} alternatives → ${an.length}`);
    }

    this.compareObjects(o, n, field);
    if (o.items !== undefined && n.items !== undefined)
      this.compare(o.items, n.items, `${field}[]`);
  }

  private compareLimits(o: Json, n: Json, field: string): void {
    for (const name of [...UPPER, ...LOWER]) {
      const before = typeof o[name] === 'number' ? (o[name] as number) : undefined;
      const after = typeof n[name] === 'number' ? (n[name] as number) : undefined;
      if (before === after) continue;
      const upper = UPPER.includes(name);
      const tighter =
        after !== undefined && (before === undefined || (upper ? after < before : after > before));
      const detail = `${name} ${before ?? 'none'} → ${after ?? 'none'}`;
      if (tighter) this.narrowed('limit-tightened', field, detail);
      else this.widened('limit-loosened', field, detail);
    }
    for (const name of ['pattern', 'format']) {
      if (o[name] === n[name]) continue;
      const detail = `${name} ${JSON.stringify(o[name] ?? null)} → ${JSON.stringify(n[name] ?? null)}`;
      // A new or changed pattern may refuse what the old one took; only dropping one surely widens.
      if (n[name] === undefined) this.widened('limit-loosened', field, detail);
      else this.narrowed('limit-tightened', field, detail);
    }
  }

  private compareObjects(o: Json, n: Json, field: string): void {
    const po = isObject(o.properties) ? o.properties : undefined;
    const pn = isObject(n.properties) ? n.properties : undefined;
    if (!po && !pn) return;
    const ro = new Set(Array.isArray(o.required) ? (o.required as string[]) : []);
    const rn = new Set(Array.isArray(n.required) ? (n.required as string[]) : []);
    const at = (name: string) => (field ? `${field}.${name}` : name);
    for (const name of Object.keys(po ?? {})) {
      if (!pn || !(name in pn)) {
        // Removed from what clients read: they lose it. From what they send: no longer read.
        this.add('field-removed', at(name), 'field removed', this.direction === 'response');
        continue;
      }
      this.compare(po?.[name], pn[name], at(name));
      if (!ro.has(name) && rn.has(name)) this.narrowed('made-required', at(name), 'now required');
      if (ro.has(name) && !rn.has(name))
        this.widened('made-optional', at(name), 'no longer required');
    }
    for (const name of Object.keys(pn ?? {})) {
      if (po && name in po) continue;
      if (rn.has(name)) this.narrowed('made-required', at(name), 'new required field');
      else this.add('field-added', at(name), 'new optional field', false);
    }
  }
}

// ---- operations -----------------------------------------------------------------------------------

interface Operation {
  key: string;
  operationId: string;
  node: Json;
  /** Path-level and operation-level parameters, by `in` and name (headers case-insensitively). */
  parameters: Map<string, Json>;
}

function operations(doc: Json): Map<string, Operation> {
  const out = new Map<string, Operation>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = view(doc, rawItem);
    for (const method of METHODS) {
      const node = item[method];
      if (!isObject(node)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const parameters = new Map<string, Json>();
      for (const raw of [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(node.parameters) ? node.parameters : []),
      ]) {
        const p = view(doc, raw);
        if (typeof p.name !== 'string' || typeof p.in !== 'string') continue;
        parameters.set(`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
      }
      out.set(key, {
        key,
        operationId: typeof node.operationId === 'string' ? node.operationId : key,
        node,
        parameters,
      });
    }
  }
  return out;
}

/** A response or request body's content by media type, its `$ref` followed. */
function contentOf(doc: Json, node: unknown): Map<string, unknown> {
  const v = view(doc, node);
  const content = isObject(v.content) ? v.content : {};
  return new Map(
    Object.entries(content).map(([type, media]) => [
      type,
      isObject(media) ? media.schema : undefined,
    ]),
  );
}

/** The schema a client's request body is checked against: the plaintext of an encrypted call. */
function requestSchema(
  op: Operation,
  doc: Json,
): { schema: unknown; media: Map<string, unknown> } | undefined {
  const media =
    op.node.requestBody === undefined
      ? new Map<string, unknown>()
      : contentOf(doc, op.node.requestBody);
  const plaintext = op.node['x-plaintext-schema'];
  if (plaintext !== undefined) return { schema: plaintext, media };
  const json = media.get('application/json') ?? [...media.values()][0];
  return op.node.requestBody === undefined ? undefined : { schema: json, media };
}

const target = (where: string, field: string) => {
  const place = where.startsWith('response')
    ? 'response'
    : where === 'request body'
      ? 'request'
      : where;
  return field ? `${place}.${field}` : place;
};

/** The changes between two contract documents, breaking first, then by operation. */
export function diffContracts(oldDoc: Json, newDoc: Json): ContractChange[] {
  const changes: ContractChange[] = [];
  const oldOps = operations(oldDoc);
  const newOps = operations(newDoc);
  const push = (
    op: Operation,
    kind: ChangeKind,
    where: string,
    field: string,
    detail: string,
    breaking: boolean,
    idTarget?: string,
  ) => {
    const suffix = idTarget ?? target(where, field);
    changes.push({
      operation: op.key,
      operationId: op.operationId,
      kind,
      where,
      field,
      detail,
      breaking,
      id: `break:${op.operationId}:${kind}${suffix ? `:${suffix}` : ''}`,
    });
  };

  for (const [key, op] of oldOps) {
    const next = newOps.get(key);
    if (!next) {
      push(op, 'operation-removed', '', '', 'operation removed', true);
      continue;
    }
    // Parameters, as sent by clients.
    for (const [name, p] of op.parameters) {
      const q = next.parameters.get(name);
      const where = String(p.in);
      const field = String(p.name);
      if (!q) {
        push(op, 'parameter-removed', where, field, 'parameter removed', false);
        continue;
      }
      if (p.required !== true && q.required === true)
        push(op, 'made-required', where, field, 'parameter now required', true);
      if (p.required === true && q.required !== true)
        push(op, 'made-optional', where, field, 'parameter no longer required', false);
      const diff = new SchemaDiff(oldDoc, newDoc, 'request');
      diff.compare(p.schema, q.schema, field);
      for (const c of diff.changes) push(op, c.kind, where, c.field, c.detail, c.breaking);
    }
    for (const [name, q] of next.parameters) {
      if (op.parameters.has(name)) continue;
      push(
        op,
        q.required === true ? 'made-required' : 'parameter-added',
        String(q.in),
        String(q.name),
        q.required === true ? 'new required parameter' : 'new optional parameter',
        q.required === true,
      );
    }
    // Request body.
    const before = requestSchema(op, oldDoc);
    const after = requestSchema(next, newDoc);
    if (before && after) {
      const wasRequired = view(oldDoc, op.node.requestBody).required === true;
      const isRequired = view(newDoc, next.node.requestBody).required === true;
      if (!wasRequired && isRequired)
        push(op, 'made-required', 'request body', '', 'request body now required', true);
      for (const type of before.media.keys()) {
        if (!after.media.has(type))
          push(
            op,
            'media-type-removed',
            'request body',
            '',
            `${type} no longer accepted`,
            true,
            `request.${type}`,
          );
      }
      for (const type of after.media.keys()) {
        if (!before.media.has(type))
          push(
            op,
            'media-type-added',
            'request body',
            '',
            `${type} accepted`,
            false,
            `request.${type}`,
          );
      }
      const diff = new SchemaDiff(oldDoc, newDoc, 'request');
      diff.compare(before.schema, after.schema, '');
      for (const c of diff.changes) push(op, c.kind, 'request body', c.field, c.detail, c.breaking);
    } else if (!before && after) {
      const required = view(newDoc, next.node.requestBody).required === true;
      push(
        op,
        required ? 'made-required' : 'field-added',
        'request body',
        '',
        required ? 'new required request body' : 'new optional request body',
        required,
      );
    }
    // Responses, as read by clients.
    const oldResponses = isObject(op.node.responses) ? op.node.responses : {};
    const newResponses = isObject(next.node.responses) ? next.node.responses : {};
    for (const [status, response] of Object.entries(oldResponses)) {
      if (!(status in newResponses)) {
        push(
          op,
          'status-removed',
          `response ${status}`,
          '',
          `status ${status} removed`,
          true,
          `status.${status}`,
        );
        continue;
      }
      const oldContent = contentOf(oldDoc, response);
      const newContent = contentOf(newDoc, newResponses[status]);
      for (const [type, schema] of oldContent) {
        if (!newContent.has(type)) {
          push(
            op,
            'media-type-removed',
            `response ${status}`,
            '',
            `${type} no longer sent`,
            true,
            `response.${type}`,
          );
          continue;
        }
        const diff = new SchemaDiff(oldDoc, newDoc, 'response');
        diff.compare(schema, newContent.get(type), '');
        for (const c of diff.changes)
          push(op, c.kind, `response ${status}`, c.field, c.detail, c.breaking);
      }
    }
    for (const status of Object.keys(newResponses)) {
      if (!(status in oldResponses))
        push(
          op,
          'status-added',
          `response ${status}`,
          '',
          `status ${status} added`,
          false,
          `status.${status}`,
        );
    }
  }
  for (const [key, op] of newOps)
    if (!oldOps.has(key)) push(op, 'operation-added', '', '', 'operation added', false);
  return group(changes);
}

/**
 * One line for a change seen under several statuses (an error envelope shared by every error
 * status), with the statuses joined: `response 400, 403, 404`.
 */
function group(changes: ContractChange[]): ContractChange[] {
  const out = new Map<string, ContractChange>();
  for (const c of changes) {
    const key = `${c.id}\u0000${c.detail}`;
    const known = out.get(key);
    if (known && known.where.startsWith('response ') && c.where.startsWith('response ')) {
      known.where = `${known.where}, ${c.where.slice('response '.length)}`;
    } else if (!known) {
      out.set(key, { ...c });
    }
  }
  return [...out.values()].sort(
    (a, b) => Number(b.breaking) - Number(a.breaking) || a.operation.localeCompare(b.operation),
  );
}

// ---- the ADR gate ---------------------------------------------------------------------------------

/**
 * Marks every breaking change that an ADR in `dir` names: the ADR's text holds its identifier
 * exactly, or `break:*:<kind>:<target>` for the same change on every operation.
 */
export function acceptByDecisions(changes: ContractChange[], dir: string): ContractChange[] {
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  const texts = files.map((f) => ({
    file: join(dir, f),
    text: readFileSync(join(dir, f), 'utf8'),
  }));
  const named = (text: string, id: string) => {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\w.:/-])${escaped}(?![\\w.:/-])`).test(text);
  };
  return changes.map((c) => {
    if (!c.breaking) return c;
    const wildcard = c.id.replace(/^break:[^:]+:/, 'break:*:');
    const hit = texts.find((t) => named(t.text, c.id) || named(t.text, wildcard));
    return hit ? { ...c, acceptedBy: hit.file } : c;
  });
}

// ---- inputs ---------------------------------------------------------------------------------------

export class InputError extends Error {}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A contract from a file, or from `openapi/openapi.json` at a git ref. */
export function loadContract(spec: string, cwd: string): { doc: Json; label: string } {
  let text: string;
  let label: string;
  if (existsSync(join(cwd, spec)) || existsSync(spec)) {
    const file = existsSync(join(cwd, spec)) ? join(cwd, spec) : spec;
    text = readFileSync(file, 'utf8');
    label = spec;
  } else {
    try {
      text = git(['show', `${spec}:${CONTRACT_FILE}`], cwd);
    } catch (err) {
      const reason = ((err as { stderr?: string }).stderr ?? (err as Error).message)
        .trim()
        .split('\n')[0];
      throw new InputError(
        `${spec} is neither a file nor a git ref with ${CONTRACT_FILE} (${reason})`,
      );
    }
    label = `${spec}:${CONTRACT_FILE}`;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new InputError(`${label} is not JSON: ${(err as Error).message}`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !isObject(doc.paths)) {
    throw new InputError(`${label} is not an OpenAPI document (openapi and paths expected)`);
  }
  return { doc, label };
}

/**
 * The pairs CI checks: each first-parent commit since the gate came in that changed the contract,
 * against its first parent. Every landing of main is one or more of these steps, so no breaking
 * change slips in between two CI runs, whichever commit a submission ends on.
 */
export function historySteps(
  cwd: string,
  warn: (line: string) => void = () => {},
): { from: string; to: string }[] {
  // A shallow clone cuts old history, never new: the gate, when missing, is older than all it has.
  if (git(['rev-parse', '--is-shallow-repository'], cwd).trim() === 'true') {
    warn(
      'contract:diff: this clone is shallow; only the contract changes it holds are checked (git fetch --unshallow for all)',
    );
  }
  const gate = git(
    ['log', '--first-parent', '--diff-filter=A', '--format=%H', '--', GATE_FILE],
    cwd,
  )
    .trim()
    .split('\n')
    .filter(Boolean)
    .pop();
  const firstParents = git(['rev-list', '--first-parent', 'HEAD'], cwd).trim().split('\n');
  // Newest first; the commit that brought the gate in is checked too, nothing before it.
  const since = gate ? firstParents.indexOf(gate) : firstParents.length - 1;
  const onLine = new Set(firstParents.slice(0, since + 1));
  return git(['log', '--first-parent', '--format=%H %P', 'HEAD', '--', CONTRACT_FILE], cwd)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split(' '))
    .filter((parts) => parts.length > 1 && onLine.has(parts[0] as string))
    .map(([to, from]) => ({ from: from as string, to: to as string }))
    .reverse();
}

// ---- the command ----------------------------------------------------------------------------------

export interface DiffIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd: string;
}

const USAGE = `Usage: npm run contract:diff -- OLD [NEW] [--json] [--decisions DIR]
       npm run contract:diff -- --history [--json] [--decisions DIR]

OLD, NEW   an openapi.json file or a git ref (then ${CONTRACT_FILE} at that commit);
           NEW defaults to the working tree's ${CONTRACT_FILE}
--history  every contract change on the first-parent line since this check came in (CI)
--json     the changes as JSON
--decisions DIR  where the ADRs are (default ${DECISIONS_DIR})

A breaking change passes when an ADR names its identifier (break:…), printed beside it.
Exit codes: 0 nothing breaking unaccepted, 1 a breaking change no ADR names, 2 usage error.`;

function line(c: ContractChange): string {
  const mark = c.breaking ? (c.acceptedBy ? 'BREAKING (accepted)' : 'BREAKING') : 'change';
  const place = [c.where, c.field].filter(Boolean).join(' ');
  return `${mark.padEnd(19)} ${c.operation} (${c.operationId})${place ? ` ${place}` : ''}: ${c.detail}${c.breaking ? `  [${c.id}]${c.acceptedBy ? ` named in ${c.acceptedBy}` : ''}` : ''}`;
}

export function main(argv: readonly string[], io: DiffIo = defaultIo()): number {
  const parsed = parseCommandArgs(
    argv,
    {
      json: { type: 'boolean' },
      history: { type: 'boolean' },
      decisions: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
    io.err,
  );
  if (!parsed) return EXIT.usage;
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (values.history ? positionals.length > 0 : positionals.length < 1 || positionals.length > 2) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const decisions = values.decisions ?? join(io.cwd, DECISIONS_DIR);
  let steps: { old: { doc: Json; label: string }; next: { doc: Json; label: string } }[];
  try {
    if (values.history) {
      steps = historySteps(io.cwd, io.err).map(({ from, to }) => ({
        old: loadContract(from, io.cwd),
        next: loadContract(to, io.cwd),
      }));
    } else {
      steps = [
        {
          old: loadContract(positionals[0] as string, io.cwd),
          next: loadContract(positionals[1] ?? CONTRACT_FILE, io.cwd),
        },
      ];
    }
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    io.err(`contract:diff: ${err.message}`);
    return EXIT.usage;
  }
  const results = steps.map(({ old, next }) => ({
    from: old.label,
    to: next.label,
    changes: acceptByDecisions(diffContracts(old.doc, next.doc), decisions),
  }));
  const all = results.flatMap((r) => r.changes);
  const unaccepted = all.filter((c) => c.breaking && !c.acceptedBy);
  if (values.json) {
    io.out(JSON.stringify({ ok: unaccepted.length === 0, steps: results }, null, 2));
  } else {
    if (!results.length) io.out('No contract change to check.');
    for (const r of results) {
      const breaking = r.changes.filter((c) => c.breaking);
      io.out(
        `Contract changes from ${r.from} to ${r.to}: ${breaking.length} breaking, ${r.changes.length - breaking.length} other`,
      );
      for (const c of r.changes) io.out(`  ${line(c)}`);
    }
    if (unaccepted.length) {
      io.out(
        `${unaccepted.length} breaking change${unaccepted.length === 1 ? '' : 's'} no ADR names. Keep the old contract, or record the decision in ${DECISIONS_DIR}/ with each identifier shown in [brackets] (ADR 025).`,
      );
    }
  }
  return unaccepted.length ? EXIT.breaking : EXIT.ok;
}

function defaultIo(): DiffIo {
  return {
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
    cwd: process.cwd(),
  };
}


if (isEntryPoint(import.meta.url)) process.exitCode = main(process.argv.slice(2));
