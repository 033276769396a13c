/**
 * The documentation's examples run as written (docs/decisions/028-shared-centre-parts-and-runnable-docs.md).
 * Every fenced block of README.md and docs/**\/*.md is either marked `<!-- illustration -->` on the
 * line directly above its opening fence, or runs here against one simulator started by this file:
 * - sh / bash / shell: each command, in order. `npm run sim -- …` goes through the QA CLI's own
 *   `main` (the code `npm run sim` runs) with `--url` set to this simulator; `curl …` runs the real
 *   curl with `localhost:8080` pointed at this simulator and must get a 2xx. The top-level commands
 *   of DOCUMENTED_ONLY (installing, starting a server, the whole test suite, a production build) are
 *   documented, not run. Anything else fails, naming the command.
 * - json: parsed.
 * - ts / typescript: type-checked with the repository's compiler options (a Playwright snippet
 *   against `e2e/fixtures.ts`, whose `test` and `expect` it is given when it imports nothing).
 * A block of any other language, or none, must be marked. A failure names the file and line.
 * Blocks run in document order, so a block may rely on the blocks above it, as a reader would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse as parseShell, type ParseEntry } from 'shell-quote';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../scripts/sim-cli';
import { buildApp } from '../server/app';
import { installFaultHook } from '../server/control/faults';
import { controlRoutes } from '../server/control/routes';
import { call } from './helpers';

const ROOT = resolve(__dirname, '..');
export const ILLUSTRATION = '<!-- illustration -->';

/**
 * Commands a block may show without this test running them: each needs what a test cannot give
 * (a network install, a long-lived server on a fixed port, the whole suite, a production build).
 * Matched on the words after any leading `NAME=value` settings; `npm start` covers its options.
 */
export const DOCUMENTED_ONLY: readonly (readonly string[])[] = [
  ['npm', 'install'],
  ['npm', 'start'],
  ['npm', 'test'],
  ['npm', 'run', 'build'],
  ['npm', 'run', 'dev'],
];

const SHELL = new Set(['sh', 'bash', 'shell']);
const TYPESCRIPT = new Set(['ts', 'typescript']);

export interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  illustration: boolean;
  body: string[];
}

/** The fenced blocks of a Markdown text (``` or ~~~, indented or not), in order. */
export function fencedBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim().startsWith(fence[0]!.repeat(fence.length)) && l.trim().replace(/[`~]/g, '') === '') break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
    }
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), illustration: lines[i - 1]?.trim() === ILLUSTRATION, body });
    i = j;
  }
  return blocks;
}

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? docs(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return [join(ROOT, 'README.md'), ...docs(join(ROOT, 'docs')).sort()];
}

/** One shell command: the words after its `NAME=value` settings. */
interface Command {
  env: Record<string, string>;
  words: string[];
}

/** A block's commands: `\` continues a line, `#` starts a comment, `&&` and `;` separate commands. */
export function shellCommands(body: readonly string[]): { line: number; commands: Command[] }[] {
  const out: { line: number; commands: Command[] }[] = [];
  for (let i = 0; i < body.length; i++) {
    const start = i;
    let text = body[i]!;
    while (text.endsWith('\\') && i + 1 < body.length) text = text.slice(0, -1) + body[++i]!;
    // Variables stay as written ($HOME is not expanded): a documented command names its values.
    const entries: ParseEntry[] = parseShell(text, (name) => `$${name}`);
    const commands: Command[] = [];
    let current: string[] = [];
    const flush = () => {
      if (!current.length) return;
      const env: Record<string, string> = {};
      while (current[0] && /^[A-Z_][A-Z0-9_]*=/.test(current[0])) {
        const [name = '', ...value] = current.shift()!.split('=');
        env[name] = value.join('=');
      }
      commands.push({ env, words: current });
      current = [];
    };
    for (const entry of entries) {
      if (typeof entry === 'string') current.push(entry);
      else if ('comment' in entry) break;
      else if ('op' in entry && (entry.op === '&&' || entry.op === ';')) flush();
      else throw new Error(`line ${start + 1}: the shell operator ${JSON.stringify(entry)} is not run by this test; mark the block as an illustration`);
    }
    flush();
    if (commands.length) out.push({ line: start, commands });
  }
  return out;
}

const documentedOnly = (words: readonly string[]) =>
  DOCUMENTED_ONLY.some((prefix) => prefix.every((w, k) => words[k] === w));

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = await buildApp({ controlApi: true });
  if (!app.hasRoute({ method: 'GET', url: '/__sim/state' })) {
    installFaultHook(app);
    await app.register(controlRoutes, { prefix: '/__sim' });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
});

/** Runs `npm run sim -- ARGS` through the CLI; `--follow` is ended after a moment, as Ctrl-C would. */
async function simCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const stop = new AbortController();
  const follow = args.includes('--follow') ? setTimeout(() => stop.abort(), 300) : undefined;
  const code = await main([...args, '--url', origin], {
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    env,
    signal: stop.signal,
  });
  clearTimeout(follow);
  return { code, output: lines.join('\n') };
}

/**
 * Runs curl as written, against this simulator instead of localhost:8080; the reply must be 2xx.
 * Asynchronously: the simulator answers from this same process.
 */
function curl(args: string[]): Promise<{ code: number; output: string }> {
  const pointed = args.map((a) => a.replace(/^(https?:\/\/)?localhost:8080/, origin));
  return new Promise((done, fail) => {
    execFile('curl', [...pointed, '--write-out', '\n%{http_code}'], { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return fail(error);
      const status = Number(stdout.trim().split('\n').pop());
      done({ code: !error && status >= 200 && status < 300 ? 0 : 1, output: `${stdout}${stderr}` });
    });
  });
}

let registrations = 0;

/** A registration through an invite link, as the register page sends it (encrypted). */
function registerWith(referralCode: string) {
  const password = 'Passw0rd!';
  return call(app, 'PUT', '/wps/member/register', {
    encrypted: true,
    body: {
      username: `docs${process.pid % 1000}x${++registrations}`,
      password,
      confirmPassword: password,
      registerMethod: 'WEB',
      login: true,
      registerUrl: `http://localhost:8080/register?referralCode=${referralCode}`,
      referralCode,
    },
  });
}

/**
 * What a reader does in the portal before a block that reads it (the block's text says so); keyed
 * by the command it comes before.
 */
const BEFORE: Record<string, () => Promise<void>> = {
  // "the last SMS code sent to a number": one is sent first, as the portal's SMS login does.
  'npm run sim -- sms last 03001234567': async () => {
    const res = await fetch(`${origin}/wps/verification/sms/login`, {
      method: 'POST',
      headers: { merchant: 'DEMO', device: 'web', language: 'EN', 'content-type': 'application/json' },
      body: JSON.stringify({ countryDialingCode: '+92', mobileNum: '03001234567' }),
    });
    expect(res.status, await res.text()).toBe(200);
  },
  // The journal's verify example checks a registration through an invite link (its text says so).
  "npm run sim -- verify --path /wps/member/register --body {\"referralCode\":\"R010001\"} --count 1": async () => {
    expect((await registerWith('R010001')).envelope.success).toBe(true);
  },
  // "the current captcha answer": the login form has asked for one.
  'npm run sim -- captcha': async () => {
    const res = await fetch(`${origin}/wps/captcha`, { headers: { merchant: 'DEMO', device: 'web', language: 'EN' } });
    expect(res.status).toBe(200);
  },
};

async function runShell(block: Block): Promise<void> {
  for (const { line, commands } of shellCommands(block.body)) {
    for (const { env, words } of commands) {
      const where = `${block.file}:${block.line + 1 + line}`;
      const text = words.join(' ');
      if (documentedOnly(words)) continue;
      await BEFORE[text]?.();
      let result: { code: number; output: string };
      if (words[0] === 'npm' && words[1] === 'run' && words[2] === 'sim' && words[3] === '--') {
        result = await simCli(words.slice(4), env);
      } else if (words[0] === 'curl') {
        result = await curl(words.slice(1));
      } else {
        throw new Error(`${where}: \`${text}\` is neither run by this test nor in DOCUMENTED_ONLY; mark the block ${ILLUSTRATION}`);
      }
      expect(result.code, `${where}: \`${text}\` exited ${result.code}:\n${result.output}`).toBe(0);
    }
  }
}

function typeCheck(block: Block): void {
  const dir = mkdtempSync(join(tmpdir(), 'docs-example-'));
  try {
    const source = block.body.join('\n');
    const preamble = /^\s*import\s/m.test(source)
      ? []
      : [`import { expect, test } from ${JSON.stringify(join(ROOT, 'e2e/fixtures'))};`];
    const file = join(dir, 'example.ts');
    writeFileSync(file, [...preamble, source, 'export {};'].join('\n'));
    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    const program = ts.createProgram([file], { ...config!.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
    const messages = diagnostics.map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line - preamble.length : 0;
      return `${block.file}:${block.line + 1 + at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(messages).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const blocks = markdownFiles().flatMap((path) => fencedBlocks(relative(ROOT, path), readFileSync(path, 'utf8')));

describe('documentation examples', () => {
  it('finds the blocks of README.md and docs/', () => {
    expect(blocks.filter((b) => b.file === 'README.md').length).toBeGreaterThan(0);
  });

  for (const block of blocks) {
    const name = `${block.file}:${block.line} (${block.lang || 'no language'})`;
    if (block.illustration) {
      it.skip(`${name}: an illustration`, () => {});
      continue;
    }
    it(`${name} runs as written`, async () => {
      if (SHELL.has(block.lang)) await runShell(block);
      else if (block.lang === 'json') expect(() => JSON.parse(block.body.join('\n'))).not.toThrow();
      else if (TYPESCRIPT.has(block.lang)) typeCheck(block);
      else
        throw new Error(
          `${block.file}:${block.line}: a \`${block.lang || 'plain'}\` block is not run by this test; mark it with ${ILLUSTRATION} directly above its fence`,
        );
    });
  }
});

describe('the referral codes the documentation uses', () => {
  it('register a new player, as a reader who copies the invite link would', async () => {
    // The decision records tell history (a wrong code they replaced), so only the guides are read.
    const guides = markdownFiles().filter((path) => !relative(ROOT, path).startsWith('docs/decisions/'));
    const codes = new Set(
      guides.flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/referralCode[=:"' ]+([A-Za-z0-9]{4,})/g)].map((m) => m[1]!),
      ),
    );
    expect(codes.size).toBeGreaterThan(0);
    for (const code of codes) {
      const res = await registerWith(code);
      expect(`${code}: ${res.envelope.errorCode ?? 'registered'}`).toBe(`${code}: registered`);
    }
  });
});
