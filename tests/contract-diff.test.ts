/**
 * `npm run contract:diff` (ADR 025): planted breaking changes of several kinds are found and
 * marked, additive ones pass, an ADR naming a change's identifier accepts it, git refs and
 * `--history` read the contract from commits, and bad input answers a usage error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffContracts, EXIT, main, type ContractChange } from '../scripts/contract-diff';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- planting changes walks the document freely

const CONTRACT = JSON.parse(
  readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8'),
) as Json;
const tmp = mkdtempSync(join(tmpdir(), 'contract-diff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const copy = (): Json => structuredClone(CONTRACT);
const okBody = (doc: Json, path: string, method: string) =>
  doc.paths[path][method].responses['200'].content['application/json'].schema;

let files = 0;
function write(doc: Json): string {
  const file = join(tmp, `contract-${files++}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

function run(args: string[], cwd = tmp) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { out: (l) => out.push(l), err: (l) => err.push(l), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const emptyDecisions = join(tmp, 'no-decisions');
mkdirSync(emptyDecisions);

/** Several kinds of breaking change, one per operation where that helps reading the output. */
function plantBreaking(): Json {
  const doc = copy();
  delete doc.paths['/wps/session/key/rsa'].get; // an operation removed
  const login = doc.paths['/wps/session/login'].post;
  const loginValue = okBody(doc, '/wps/session/login', 'post').properties.value;
  delete loginValue.properties.username; // a response field removed
  loginValue.required = loginValue.required.filter((f: string) => f !== 'username');
  loginValue.properties.firstTimeLogin = { type: 'string' }; // a response type changed
  delete login.responses['403']; // a status code removed
  login.parameters.find((p: Json) => p.name === 'Language').required = true; // a parameter made required
  const loginRequest = doc.components.schemas.LoginRequest; // the plaintext of the encrypted login
  loginRequest.properties.type.anyOf = loginRequest.properties.type.anyOf.filter(
    (b: Json) => b.const !== 'sms',
  ); // an enum narrowed
  loginRequest.required = [...(loginRequest.required ?? []), 'captcha']; // a request field made required
  loginRequest.properties.password.type = 'integer'; // a request type narrowed
  return doc;
}

describe('contract:diff', () => {
  it('finds and marks planted breaking changes of every kind, each with its identifier, and exits 1', () => {
    const changes = diffContracts(CONTRACT, plantBreaking());
    const breaking = changes.filter((c) => c.breaking).map((c) => c.id);
    expect(breaking).toEqual(
      expect.arrayContaining([
        'break:getRsaKey:operation-removed',
        'break:login:field-removed:response.value.username',
        'break:login:type-widened:response.value.firstTimeLogin',
        'break:login:status-removed:status.403',
        'break:login:made-required:header.Language',
        'break:login:enum-narrowed:request.type',
        'break:login:made-required:request.captcha',
        'break:login:type-narrowed:request.password',
      ]),
    );
    const r = run([write(CONTRACT), write(plantBreaking()), '--decisions', emptyDecisions]);
    expect(r.code).toBe(EXIT.breaking);
    expect(r.out).toContain('[break:login:enum-narrowed:request.type]');
    expect(r.out).toMatch(
      /BREAKING +POST \/wps\/session\/login \(login\) response 200 value\.username: field removed/,
    );
    expect(r.out).toContain('breaking changes no ADR names');
  });

  it('resolves refs: a field removed from the shared error envelope breaks every operation, under each status', () => {
    const doc = copy();
    delete doc.components.schemas.ErrorEnvelope.properties.message;
    doc.components.schemas.ErrorEnvelope.required = ['success', 'errorCode'];
    const changes = diffContracts(CONTRACT, doc).filter((c) => c.breaking);
    const login = changes.find((c) => c.id === 'break:login:field-removed:response.message');
    expect(login?.where).toMatch(/^response 400, 403, 404/);
    expect(new Set(changes.map((c) => c.operationId)).size).toBe(
      Object.values(CONTRACT.paths).flatMap((p) => Object.keys(p as object)).length,
    );
  });

  it('passes an additive change (exit 0): new operation, optional fields, new status, wider request enum, narrower reply enum', () => {
    const doc = copy();
    doc.paths['/wps/new/thing'] = {
      get: {
        ...structuredClone(CONTRACT.paths['/wps/session/key/rsa'].get),
        operationId: 'getNewThing',
      },
    };
    okBody(doc, '/wps/session/login', 'post').properties.value.properties.nickName = {
      type: 'string',
    };
    doc.components.schemas.LoginRequest.properties.deviceName = { type: 'string' };
    doc.paths['/wps/session/login'].post.responses['418'] = {
      $ref: '#/components/responses/Error',
    };
    doc.components.schemas.LoginRequest.properties.type.anyOf.push({
      const: 'email',
      type: 'string',
    });
    const theme = okBody(doc, '/wps/system/permission', 'get').properties.value.properties.theme;
    theme.anyOf = theme.anyOf.slice(0, 1);
    const changes = diffContracts(CONTRACT, doc);
    expect(changes.filter((c) => c.breaking)).toEqual([]);
    expect(changes.map((c) => c.kind)).toEqual(
      expect.arrayContaining([
        'operation-added',
        'field-added',
        'status-added',
        'enum-widened',
        'enum-narrowed',
      ]),
    );
    const r = run([write(CONTRACT), write(doc), '--decisions', emptyDecisions]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toMatch(/0 breaking, \d+ other/);
  });

  it('widening what a reply may hold is breaking: a new value in a reply enum, a field made optional', () => {
    const doc = copy();
    okBody(doc, '/wps/system/permission', 'get').properties.value.properties.theme.anyOf.push({
      const: 'blue',
      type: 'string',
    });
    const value = okBody(doc, '/wps/session/login', 'post').properties.value;
    value.required = value.required.filter((f: string) => f !== 'token');
    const ids = diffContracts(CONTRACT, doc)
      .filter((c) => c.breaking)
      .map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'break:getPermission:enum-widened:response.value.theme',
        'break:login:made-optional:response.value.token',
      ]),
    );
  });

  it('the ADR gate: a breaking change passes once an ADR names its identifier; a wildcard names it on every operation', () => {
    const decisions = join(tmp, 'decisions');
    mkdirSync(decisions);
    const doc = copy();
    delete doc.paths['/wps/session/login'].post.responses['403'];
    delete doc.components.schemas.ErrorEnvelope.properties.message;
    const [oldFile, newFile] = [write(CONTRACT), write(doc)];
    expect(run([oldFile, newFile, '--decisions', decisions]).code).toBe(EXIT.breaking);
    // A near miss (another status) accepts nothing.
    writeFileSync(
      join(decisions, '030-drop-403.md'),
      '# 030\nAccepted: `break:login:status-removed:status.4030`\n',
    );
    expect(run([oldFile, newFile, '--decisions', decisions]).code).toBe(EXIT.breaking);
    writeFileSync(
      join(decisions, '030-drop-403.md'),
      '# 030\nAccepted: `break:login:status-removed:status.403`\n',
    );
    const partly = run([oldFile, newFile, '--decisions', decisions, '--json']);
    expect(partly.code).toBe(EXIT.breaking);
    const steps = (JSON.parse(partly.out) as { steps: { changes: ContractChange[] }[] }).steps;
    expect(
      steps[0]?.changes.find((c) => c.id === 'break:login:status-removed:status.403')?.acceptedBy,
    ).toBe(join(decisions, '030-drop-403.md'));
    writeFileSync(
      join(decisions, '031-no-message.md'),
      'Accepted for every call: break:*:field-removed:response.message\n',
    );
    const all = run([oldFile, newFile, '--decisions', decisions]);
    expect(all.code, all.out).toBe(EXIT.ok);
    expect(all.out).toContain('BREAKING (accepted)');
  });

  it('--json: ok, and per step the labels and every change with its identifier', () => {
    const r = run([
      write(CONTRACT),
      write(plantBreaking()),
      '--decisions',
      emptyDecisions,
      '--json',
    ]);
    const report = JSON.parse(r.out) as {
      ok: boolean;
      steps: { from: string; to: string; changes: ContractChange[] }[];
    };
    expect(report.ok).toBe(false);
    expect(report.steps).toHaveLength(1);
    const change = report.steps[0]?.changes.find(
      (c) => c.id === 'break:getRsaKey:operation-removed',
    );
    expect(change).toEqual({
      operation: 'GET /wps/session/key/rsa',
      operationId: 'getRsaKey',
      kind: 'operation-removed',
      where: '',
      field: '',
      detail: 'operation removed',
      breaking: true,
      id: 'break:getRsaKey:operation-removed',
    });
  });

  it('bad input is a usage error (exit 2) naming the problem', () => {
    const notJson = join(tmp, 'not.json');
    writeFileSync(notJson, '{ nope');
    expect(run([notJson, '--decisions', emptyDecisions]).err).toMatch(/not\.json is not JSON/);
    const notContract = join(tmp, 'other.json');
    writeFileSync(notContract, '{"hello":1}');
    const r = run([notContract]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('is not an OpenAPI document');
    const ref = run(['no-such-ref-or-file']);
    expect(ref.code).toBe(EXIT.usage);
    expect(ref.err).toContain(
      'no-such-ref-or-file is neither a file nor a git ref with openapi/openapi.json',
    );
    expect(run([]).code).toBe(EXIT.usage);
  });

  it('git refs and --history: each first-parent contract change since the gate came in is checked', () => {
    const repo = join(tmp, 'repo');
    mkdirSync(join(repo, 'openapi'), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const commit = (doc: Json | null, message: string, extra?: [string, string]) => {
      if (doc) writeFileSync(join(repo, 'openapi/openapi.json'), JSON.stringify(doc));
      if (extra) {
        mkdirSync(join(repo, extra[0], '..'), { recursive: true });
        writeFileSync(join(repo, extra[0]), extra[1]);
      }
      git('add', '-A');
      git('commit', '-qm', message);
    };
    git('init', '-q', '-b', 'main');
    const before = copy();
    delete before.paths['/wps/captcha']; // a break made before the gate existed is not checked
    commit(CONTRACT, 'first');
    commit(before, 'break before the gate');
    commit(null, 'the gate', ['scripts/contract-diff.ts', '// gate\n']);
    expect(run(['--history'], repo).out).toBe('No contract change to check.');
    const broken = structuredClone(before);
    delete broken.paths['/wps/session/login'].post.responses['403'];
    commit(broken, 'drop 403');
    commit(null, 'unrelated', ['README.md', 'hello\n']);
    // HEAD~1 against the working tree (= HEAD): nothing; HEAD~2 against HEAD: the break.
    expect(run(['HEAD~1'], repo).code).toBe(EXIT.ok);
    const byRef = run(['HEAD~2', 'HEAD'], repo);
    expect(byRef.code).toBe(EXIT.breaking);
    expect(byRef.out).toContain('from HEAD~2:openapi/openapi.json to HEAD:openapi/openapi.json');
    const history = run(['--history'], repo);
    expect(history.code).toBe(EXIT.breaking);
    expect(history.out).toContain('[break:login:status-removed:status.403]');
    expect(history.out).not.toContain('getCaptcha');
    commit(null, 'ADR', [
      'docs/decisions/040-no-403.md',
      'We drop it: break:login:status-removed:status.403\n',
    ]);
    expect(run(['--history'], repo).code).toBe(EXIT.ok);
  });
});
