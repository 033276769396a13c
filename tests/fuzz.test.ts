/**
 * Robustness fuzzer: for every operation of openapi.json, fast-check builds malformed
 * requests (wrong types, missing and extra fields, 100 KB strings, invalid UTF-8, wrong content types,
 * invalid JSON, bad and truncated encrypted bodies and Encryption headers, missing, garbage, expired,
 * logged-out and wrong-role tokens, a missing Merchant header…) and sends them with `app.inject` to
 * one simulator. Every reply must be below 500, a JSON envelope valid against the document (the
 * operation's declared response for that status, else the ErrorEnvelope component), and every refused
 * request must leave the state as it was (accounts, balances, transaction counts, points, sessions,
 * SMS outbox).
 *
 * Runs: FUZZ_RUNS in total (default 600; `npm run fuzz` sets 10,000), spread evenly over every
 * operation. A failure names the operation, the request and the reply, plus fast-check's seed.
 */
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import CryptoJS from 'crypto-js';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { encryptBody, randomKeyString, rsaWrapKey, desEncrypt } from '../openapi/wire-crypto';
import { sumBalance } from '../server/sim/wallet';
import { call, MERCHANT, SEED, testApp } from './helpers';
import {
  bodySchema,
  exampleRequest,
  operations,
  validateErrorEnvelope,
  validateReply,
  type Json,
  type Operation,
} from './doc';

/** FUZZ_SEED replays a run: operation i is checked with seed FUZZ_SEED + i (the state then evolves alike). */
const BASE_SEED = Number(process.env.FUZZ_SEED) || (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const TOTAL_RUNS = Math.max(operations.length, Number(process.env.FUZZ_RUNS) || 600);
const RUNS_PER_OPERATION = Math.ceil(TOTAL_RUNS / operations.length);
const HUGE = 100 * 1024;

/** Statuses met that the operation does not declare (a contract gap, reported by the second test). */
const undeclared = new Map<string, Set<number>>();

// ---- what a generated request is made of -------------------------------------------------------------

type TokenCase =
  'valid' | 'none' | 'garbage' | 'expired' | 'loggedOut' | 'guest' | 'player' | 'agent';
type HeaderCase =
  | { kind: 'standard' }
  | { kind: 'noMerchant' }
  | { kind: 'merchant'; value: string }
  | { kind: 'language'; value: string }
  | { kind: 'dropRequired' };
type QueryCase =
  | { kind: 'example' }
  | { kind: 'wrongType'; key: string; value: string }
  | { kind: 'missing'; keys: string[] }
  | { kind: 'huge'; key: string; unit: string }
  | { kind: 'extra'; extra: Record<string, string> }
  | { kind: 'repeated'; key: string }
  | { kind: 'badEncoding'; raw: string };
type BodyCase =
  | { kind: 'example' }
  | { kind: 'wrongType'; key: string; value: unknown }
  | { kind: 'missing'; keys: string[] }
  | { kind: 'extra'; extra: [string, unknown][] }
  | { kind: 'huge'; key: string; unit: string }
  | { kind: 'root'; value: unknown };
type WireCase =
  | { kind: 'standard' }
  | { kind: 'invalidJson'; cut: number; tail: string }
  | { kind: 'invalidUtf8'; bytes: number[] }
  | { kind: 'contentType'; value: string }
  | { kind: 'empty' }
  | { kind: 'noBody' }
  // encrypted calls only
  | { kind: 'plaintext' }
  | { kind: 'badHeader'; header: string }
  | { kind: 'truncatedHeader'; cut: number }
  | { kind: 'truncatedValue'; cut: number }
  | { kind: 'badBase64'; value: string }
  | { kind: 'wrongKey'; otherRsaKey: boolean }
  | { kind: 'notJsonInside'; text: string }
  | { kind: 'invalidUtf8Inside'; bytes: number[] }
  | { kind: 'valueShape'; body: unknown }
  | { kind: 'hugeValue' };
type PathCase =
  | { kind: 'same' }
  | { kind: 'suffix'; suffix: string }
  | { kind: 'method'; method: InjectOptions['method'] };

interface Case {
  token: TokenCase;
  header: HeaderCase;
  query: QueryCase;
  body: BodyCase;
  wire: WireCase;
  path: PathCase;
}

// ---- arbitraries ----------------------------------------------------------------------------------------

const hugeUnit = fc.constantFrom(
  'a',
  '\u00e9',
  '\u{1F600}',
  '\u202E',
  '\u0000',
  '"',
  '\\',
  '<script>',
  '\u0627',
);
const weirdString = fc.constantFrom(
  '',
  ' ',
  'abc',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  ' 1',
  '\uFF19',
  '%00',
  '../..',
  "' OR 1=1 --",
);
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', -1, 0, 1e308, -1e308, 0.001, 2 ** 53 + 1, '1'.repeat(40), { value: 'x' }),
  weirdString,
);
const keyName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'value',
    '',
  ),
);
const invalidUtf8: fc.Arbitrary<number[]> = fc.constantFrom<number[]>(
  [0xff],
  [0xfe, 0xff],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xf4, 0x90, 0x80, 0x80],
);
const contentTypes = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/jsonp',
  '*/*',
);

function tokenArb(op: Operation): fc.Arbitrary<TokenCase> {
  const wrong: TokenCase[] = [
    'none',
    'garbage',
    'expired',
    'loggedOut',
    'guest',
    op.access === 'agent' ? 'player' : 'agent',
  ];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<TokenCase>('valid') },
    { weight: 3, arbitrary: fc.constantFrom(...wrong) },
  );
}

const headerArb: fc.Arbitrary<HeaderCase> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'standard' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'noMerchant' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('merchant' as const),
      value: fc.oneof(
        fc.constantFrom('', ' ', 'X'.repeat(HUGE), 'demo', 'NOPE'),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('language' as const),
      value: fc.constantFrom('', 'xx', 'UR', 'zh-Hant', 'e'.repeat(2000), 'EN;q=0.1,*'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropRequired' as const }) },
);

function queryArb(op: Operation): fc.Arbitrary<QueryCase> {
  const names = ((op.spec.parameters ?? []) as Json[])
    .filter((p) => p.in === 'query')
    .map((p) => String(p.name));
  const keys = names.length ? names : ['pageNo'];
  return fc.oneof(
    { weight: names.length ? 4 : 8, arbitrary: fc.constant({ kind: 'example' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('wrongType' as const),
        key: fc.constantFrom(...keys),
        value: weirdString,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('missing' as const),
        keys: fc.subarray(keys, { minLength: 1 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        key: fc.constantFrom(...keys),
        unit: hugeUnit,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        extra: fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.string({ maxLength: 10 }),
          { minKeys: 1, maxKeys: 3 },
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('repeated' as const),
        key: fc.constantFrom(...keys),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('badEncoding' as const),
        raw: fc.constantFrom(
          '%ff%fe',
          '%',
          '%E0%A4%A',
          '%00',
          '%C0%AF',
          'a=%zz',
          '&&&=&',
          '%F0%9F%98',
        ),
      }),
    },
  );
}

function bodyArb(op: Operation): fc.Arbitrary<BodyCase> {
  const schema = bodySchema(op);
  const props = Object.keys((schema?.properties ?? {}) as Json);
  const keys = props.length ? props : ['value'];
  const required = ((schema?.required ?? []) as string[]).length
    ? (schema?.required as string[])
    : keys;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'example' as const }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('wrongType' as const),
        key: fc.constantFrom(...keys),
        value: wrongValue,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('missing' as const),
        keys: fc.subarray(required, { minLength: 1 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        extra: fc.array(fc.tuple(keyName, fc.jsonValue({ maxDepth: 1 })), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        key: fc.constantFrom(...keys),
        unit: hugeUnit,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('root' as const),
        value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom([], null, 'text', 0, true)),
      }),
    },
  );
}

function wireArb(op: Operation): fc.Arbitrary<WireCase> {
  const common: fc.WeightedArbitrary<WireCase>[] = [
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('invalidJson' as const),
        cut: fc.nat(),
        tail: fc.constantFrom('', '}', ',', '\u0000', 'garbage', '{', '"'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('invalidUtf8' as const), bytes: invalidUtf8 }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('contentType' as const), value: contentTypes }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'noBody' as const }) },
  ];
  if (!op.encrypted)
    return fc.oneof<fc.WeightedArbitrary<WireCase>[]>(
      {
        weight: op.spec.requestBody ? 8 : 14,
        arbitrary: fc.constant({ kind: 'standard' as const }),
      },
      ...common,
    );
  return fc.oneof<fc.WeightedArbitrary<WireCase>[]>(
    { weight: 8, arbitrary: fc.constant({ kind: 'standard' as const }) },
    ...common,
    { weight: 1, arbitrary: fc.constant({ kind: 'plaintext' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('badHeader' as const),
        header: fc.oneof(
          fc.constantFrom('', 'zz', '0', '00', 'g'.repeat(256), 'f'.repeat(600), '-1', ' ', '0x10'),
          fc.stringMatching(/^[0-9a-f]{1,300}$/),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('truncatedHeader' as const), cut: fc.nat() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('truncatedValue' as const), cut: fc.nat() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('badBase64' as const),
        value: fc.oneof(
          fc.constantFrom('!!!', '====', 'a', 'AAAA', '\u00e9\u00e9'),
          fc.base64String({ maxLength: 64 }),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('wrongKey' as const), otherRsaKey: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('notJsonInside' as const),
        text: fc.constantFrom('not json', '{', '', ' ', '{"a":', 'null', '"str"', '[1,2]'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('invalidUtf8Inside' as const), bytes: invalidUtf8 }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('valueShape' as const),
        body: fc.constantFrom<unknown>(
          { value: 123 },
          { value: null },
          { value: [] },
          { value: '' },
          {},
          [],
          { value: { value: 'x' } },
          'value',
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'hugeValue' as const }) },
  );
}

const pathArb: fc.Arbitrary<PathCase> = fc.oneof(
  { weight: 30, arbitrary: fc.constant({ kind: 'same' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('suffix' as const),
      suffix: fc.constantFrom('/x', '/', '//', '/%ff', '/..', '.json', '/%E0%A4%A'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('method' as const),
      method: fc.constantFrom<InjectOptions['method']>('PATCH', 'OPTIONS', 'HEAD'),
    }),
  },
);

function caseArb(op: Operation): fc.Arbitrary<Case> {
  return fc.record({
    token: tokenArb(op),
    header: headerArb,
    query: queryArb(op),
    body: bodyArb(op),
    wire: wireArb(op),
    path: pathArb,
  });
}

// ---- building the request -------------------------------------------------------------------------------

/** Set a property even when its name is __proto__ (JSON.stringify then writes it as a plain key). */
function put(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    configurable: true,
    writable: true,
  });
}

function plaintextOf(op: Operation, c: BodyCase): unknown {
  const example = exampleRequest(op).body;
  const base: Json =
    example && typeof example === 'object' && !Array.isArray(example)
      ? { ...(example as Json) }
      : {};
  switch (c.kind) {
    case 'example':
      return example ?? base;
    case 'wrongType':
      put(base, c.key, c.value);
      return base;
    case 'missing':
      for (const k of c.keys) delete base[k];
      return base;
    case 'extra':
      for (const [k, v] of c.extra) put(base, k, v);
      return base;
    case 'huge':
      put(base, c.key, c.unit.repeat(Math.ceil(HUGE / Buffer.byteLength(c.unit))));
      return base;
    case 'root':
      return c.value;
  }
}

function queryString(op: Operation, c: QueryCase): string {
  const example = exampleRequest(op).query;
  const params = new URLSearchParams(example);
  switch (c.kind) {
    case 'example':
      break;
    case 'wrongType':
      params.set(c.key, c.value);
      break;
    case 'missing':
      for (const k of c.keys) params.delete(k);
      break;
    case 'huge':
      params.set(c.key, c.unit.repeat(Math.ceil(HUGE / Buffer.byteLength(c.unit))));
      break;
    case 'extra':
      for (const [k, v] of Object.entries(c.extra)) params.append(k, v);
      break;
    case 'repeated':
      params.append(c.key, params.get(c.key) ?? '1');
      params.append(c.key, '2');
      break;
    case 'badEncoding':
      return `${params.toString()}${params.size ? '&' : ''}q=${c.raw}`;
  }
  return params.toString();
}

interface Wire {
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const jsonType = { 'content-type': 'application/json' };

function withInvalidUtf8(text: string, bytes: number[]): Buffer {
  // Inside the first string value when there is one, else as a value of its own.
  const at = text.indexOf('":"');
  if (at >= 0)
    return Buffer.concat([
      Buffer.from(text.slice(0, at + 3)),
      Buffer.from(bytes),
      Buffer.from(text.slice(at + 3)),
    ]);
  return Buffer.concat([Buffer.from('{"value":"'), Buffer.from(bytes), Buffer.from('"}')]);
}

function desEncryptBytes(bytes: number[], keyString: string): string {
  const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 8));
  const words = CryptoJS.enc.Latin1.parse(String.fromCharCode(...bytes, 0x7b));
  return CryptoJS.DES.encrypt(words, key, {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

function wireOf(
  op: Operation,
  plaintext: unknown,
  c: WireCase,
  modulus: string,
  otherModulus: string,
): Wire {
  const form = !!op.spec.requestBody?.content?.['application/x-www-form-urlencoded'];
  // The body as the client would put it on the wire, before any malformation.
  let text: string;
  let type: Record<string, string>;
  let encryption: string | undefined;
  if (op.encrypted) {
    const keyString = randomKeyString();
    const wire = encryptBody(plaintext, modulus, keyString);
    text = JSON.stringify(wire.body);
    type = jsonType;
    encryption = wire.encryption;
    const enc = (value: unknown) => ({
      payload: JSON.stringify(value),
      headers: { ...jsonType, encryption: wire.encryption },
    });
    switch (c.kind) {
      case 'plaintext':
        return { payload: JSON.stringify(plaintext) ?? '', headers: { ...jsonType } };
      case 'badHeader':
        return { payload: text, headers: { ...jsonType, encryption: c.header } };
      case 'truncatedHeader':
        return {
          payload: text,
          headers: {
            ...jsonType,
            encryption: wire.encryption.slice(0, c.cut % wire.encryption.length),
          },
        };
      case 'truncatedValue':
        return enc({ value: wire.body.value.slice(0, c.cut % wire.body.value.length) });
      case 'badBase64':
        return enc({ value: c.value });
      case 'wrongKey': {
        // The body under one key, the header wrapping another (or wrapped for another RSA key).
        const other = randomKeyString();
        const header = c.otherRsaKey
          ? rsaWrapKey(keyString, otherModulus)
          : rsaWrapKey(other, modulus);
        return { payload: text, headers: { ...jsonType, encryption: header } };
      }
      case 'notJsonInside':
        return enc({ value: desEncrypt(c.text, keyString) || 'AAAA' });
      case 'invalidUtf8Inside':
        return enc({ value: desEncryptBytes(c.bytes, keyString) });
      case 'valueShape':
        return enc(c.body);
      case 'hugeValue':
        return enc({ value: 'QUFB'.repeat(HUGE / 4) });
      default:
        break;
    }
  } else if (form) {
    const flat =
      plaintext && typeof plaintext === 'object' && !Array.isArray(plaintext)
        ? Object.fromEntries(
            Object.entries(plaintext as Json).map(([k, v]) => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          )
        : { value: JSON.stringify(plaintext) };
    text = new URLSearchParams(flat).toString();
    type = { 'content-type': 'application/x-www-form-urlencoded' };
  } else {
    text = JSON.stringify(plaintext) ?? 'null';
    type = jsonType;
  }
  const extra: Record<string, string> = encryption ? { encryption } : {};
  const hasBody = op.encrypted || !!op.spec.requestBody;
  switch (c.kind) {
    case 'standard':
      return hasBody ? { payload: text, headers: { ...type, ...extra } } : { headers: {} };
    case 'invalidJson':
      return {
        payload: text.slice(0, c.cut % Math.max(1, text.length)) + c.tail,
        headers: { ...jsonType, ...extra },
      };
    case 'invalidUtf8':
      return { payload: withInvalidUtf8(text, c.bytes), headers: { ...type, ...extra } };
    case 'contentType':
      return { payload: text, headers: { 'content-type': c.value, ...extra } };
    case 'empty':
      return { payload: '', headers: { ...type, ...extra } };
    case 'noBody':
    default:
      return { headers: { ...extra } };
  }
}

// ---- state fingerprint --------------------------------------------------------------------------------

interface Fingerprint {
  sessions: number;
  rest: string;
}

/** What a refused request must not change: accounts, balances (main and vendor wallets), points,
 *  ledger transaction counts, the SMS outbox and the session count. */
function fingerprint(app: FastifyInstance): Fingerprint {
  const sim = app.sim;
  const parts: (string | number)[] = [sim.accounts.size, sim.sms.outbox.length];
  for (const [name, account] of sim.accounts) {
    parts.push(
      name,
      sim.ledger.balance(name),
      sumBalance(sim, name),
      sim.ledger.transactions(name).length,
      account.points,
    );
  }
  return { sessions: sim.sessions.size, rest: parts.join('|') };
}

function diff(before: string, after: string): string {
  const a = before.split('|');
  const b = after.split('|');
  const at = a.findIndex((v, i) => v !== b[i]);
  return at < 0
    ? `length ${a.length} → ${b.length}`
    : `at ${at}: ${a.slice(Math.max(0, at - 3), at + 2).join('|')} → ${b.slice(Math.max(0, at - 3), at + 2).join('|')}`;
}

// ---- the fuzzer ---------------------------------------------------------------------------------------

/** Enable every module, so each operation's handler (not just its "disabled" refusal) is reachable. */
function enableAll(app: FastifyInstance): void {
  const walk = (nodes: { modId: string; childrenNodes: unknown[] }[]) => {
    for (const n of nodes) {
      app.sim.setFlag(n.modId, true);
      walk(n.childrenNodes as never);
    }
  };
  walk(app.sim.world.whitelabel);
  for (const flag of [
    'MOBILEVERCODELOGIN3',
    'CHNGPASSVERIF3',
    'FREEPLAY3',
    'MOBILENUMREG3',
    'MOBILENUMPASSREG3',
    'DIVIDEND3',
    'DAILYSALARY3',
    'HOURSALARY3',
    'REALTIMESALARY3',
  ]) {
    app.sim.setFlag(flag, true);
  }
}

const excerpt = (s: string | Buffer | undefined, n = 300) => {
  if (s === undefined) return '(none)';
  const text = typeof s === 'string' ? s : `<${s.length} bytes> ${s.toString('latin1')}`;
  return text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;
};

describe('fuzz: malformed requests to every operation', () => {
  it(
    `${TOTAL_RUNS} runs over ${operations.length} operations: no 5xx, valid envelopes, refusals change nothing`,
    async () => {
      // Server-side errors (the cause of a 5xx) are captured to be named in the failure.
      const serverErrors: string[] = [];
      const app = await testApp({
        logger: {
          level: 'error',
          stream: { write: (line: string) => void serverErrors.push(line) },
        },
      });
      enableAll(app);
      const modulus = app.sim.rsa.modulusHex;
      const otherKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
        format: 'jwk',
      });
      const otherModulus = Buffer.from(otherKey.n ?? '', 'base64url').toString('hex');

      // A guest account (free play) and tokens that no longer work.
      const free = await call(app, 'POST', '/wps/session/login/freeplay', {
        headers: { 'x-gateway-version': '3' },
        body: { os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' },
      });
      expect(free.statusCode, free.body).toBe(200);
      const guestAccount = free.envelope.value.username as string;
      const loggedOut: string[] = [];
      for (let i = 0; i < 3; i++) {
        const token = app.sim.sessions.create(SEED.player.username, 'username').token;
        expect((await call(app, 'DELETE', '/wps/session/logout', { token })).statusCode).toBe(200);
        loggedOut.push(token);
      }
      const garbage = [
        'garbage',
        'x'.repeat(HUGE),
        '0'.repeat(48),
        'Bearer abc',
        '\u00ff\u00fe',
        'null',
        '../../etc',
      ];

      const failures: string[] = [];
      let refusedCount = 0;
      let requests = 0;
      for (const [index, op] of operations.entries()) {
        const tokenFor = (c: TokenCase): { token?: string; expired: boolean } => {
          const session = (account: string) => app.sim.sessions.create(account, 'username');
          switch (c) {
            case 'valid':
              return {
                token: session(op.access === 'agent' ? SEED.agent.username : SEED.player.username)
                  .token,
                expired: false,
              };
            case 'player':
              return { token: session(SEED.player.username).token, expired: false };
            case 'agent':
              return { token: session(SEED.agent.username).token, expired: false };
            case 'guest':
              return { token: session(guestAccount).token, expired: false };
            case 'expired': {
              const s = session(SEED.player.username);
              s.expiresAt = app.sim.now() - 1;
              return { token: s.token, expired: true };
            }
            case 'loggedOut':
              return { token: loggedOut[requests % loggedOut.length], expired: false };
            case 'garbage':
              return { token: garbage[requests % garbage.length], expired: false };
            case 'none':
              return { expired: false };
          }
        };

        const property = fc.asyncProperty(caseArb(op), async (c) => {
          requests += 1;
          const { token, expired } = tokenFor(c.token);
          const plaintext = plaintextOf(op, c.body);
          const wire = wireOf(op, plaintext, c.wire, modulus, otherModulus);
          const example = exampleRequest(op);
          const headers: Record<string, string> = {
            merchant: MERCHANT,
            device: 'web',
            language: 'EN',
            ...example.headers,
            ...wire.headers,
          };
          if (token !== undefined) headers.authorization = token;
          if (c.header.kind === 'noMerchant') delete headers.merchant;
          if (c.header.kind === 'merchant') headers.merchant = c.header.value;
          if (c.header.kind === 'language') headers.language = c.header.value;
          if (c.header.kind === 'dropRequired') {
            for (const name of Object.keys(example.headers)) delete headers[name];
            delete headers.encryption;
          }
          const qs = queryString(op, c.query);
          const path = c.path.kind === 'suffix' ? `${op.path}${c.path.suffix}` : op.path;
          const method = c.path.kind === 'method' ? c.path.method : op.method;
          const url = qs ? `${path}?${qs}` : path;

          const before = fingerprint(app);
          serverErrors.length = 0;
          // FUZZ_TRACE=<file>: each request is written (synchronously) before it is sent, so a request
          // that never returns (a loop blocking the event loop) is the file's last line.
          if (process.env.FUZZ_TRACE)
            appendFileSync(
              process.env.FUZZ_TRACE,
              `${op.operationId} ${method} ${url.slice(0, 300)} ${JSON.stringify(c).slice(0, 600)}\n`,
            );
          const res = await app.inject({ method, url, headers, payload: wire.payload });
          const after = fingerprint(app);

          const describeCase = () =>
            `${method} ${excerpt(url, 200)} [token ${c.token}, header ${c.header.kind}, query ${c.query.kind}, body ${c.body.kind}, wire ${c.wire.kind}, path ${c.path.kind}]\n` +
            `  request headers: ${excerpt(JSON.stringify(headers), 300)}\n  payload: ${excerpt(wire.payload)}\n  reply ${res.statusCode}: ${excerpt(res.body)}`;

          if (res.statusCode >= 500) {
            const logged = serverErrors.at(-1);
            const cause = logged
              ? (JSON.parse(logged) as { err?: { message?: string; stack?: string } }).err
              : undefined;
            throw new Error(
              `5xx reply\n${describeCase()}\n  server error: ${cause?.message ?? '(none logged)'}\n  ${cause?.stack?.split('\n').slice(1, 6).join('\n  ') ?? ''}`,
            );
          }
          let body: Json;
          try {
            body = res.json();
          } catch {
            if (method === 'HEAD' && res.body === '') return; // HEAD has no body by definition
            throw new Error(`reply is not JSON\n${describeCase()}`);
          }
          const offContract = c.path.kind !== 'same';
          const declared = !offContract && !!op.spec.responses?.[String(res.statusCode)];
          if (!offContract && !declared) {
            const seen = undeclared.get(op.operationId) ?? new Set<number>();
            seen.add(res.statusCode);
            undeclared.set(op.operationId, seen);
          }
          const problem = declared
            ? validateReply(op, res.statusCode, body)
            : validateErrorEnvelope(body);
          if (problem)
            throw new Error(`reply is not a valid envelope (${problem})\n${describeCase()}`);
          if ((res.statusCode === 200) !== (body.success === true))
            throw new Error(`status and success disagree\n${describeCase()}`);

          if (body.success !== true) {
            refusedCount += 1;
            if (after.rest !== before.rest)
              throw new Error(
                `a refused request changed the state (${diff(before.rest, after.rest)})\n${describeCase()}`,
              );
            // The only change allowed: an expired session presented is dropped from the store.
            const sessionsOk =
              after.sessions === before.sessions ||
              (expired && after.sessions === before.sessions - 1);
            if (!sessionsOk)
              throw new Error(
                `a refused request changed the session count ${before.sessions} → ${after.sessions}\n${describeCase()}`,
              );
          }
        });

        const details = await fc.check(property, {
          numRuns: RUNS_PER_OPERATION,
          endOnFailure: true,
          seed: (BASE_SEED + index) | 0,
        });
        if (details.failed) {
          const message =
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : String(details.errorInstance);
          failures.push(
            `${op.operationId} (FUZZ_SEED=${BASE_SEED} FUZZ_RUNS=${TOTAL_RUNS} replays it): ${message}`,
          );
        }
      }

      // The simulator still works after the storm.
      const token = app.sim.sessions.create(SEED.player.username, 'username').token;
      const info = await call(app, 'GET', '/wps/member/info', { token });
      expect(info.statusCode, info.body).toBe(200);
      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(requests).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
      expect(refusedCount).toBeGreaterThan(0);
    },
    Math.max(120_000, TOTAL_RUNS * 60),
  );

  it('every status the fuzzer met is declared by its operation in openapi.json', () => {
    const gaps = [...undeclared].map(
      ([operationId, statuses]) => `${operationId}: ${[...statuses].sort().join(', ')}`,
    );
    expect(
      gaps,
      `replies with statuses the document does not declare:\n${gaps.join('\n')}`,
    ).toEqual([]);
  });
});
