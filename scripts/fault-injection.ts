/**
 * Fault injection (ADR 029): plants known faults in the server, the wire crypto and the web app, one
 * at a time, in a copy of the tree, and runs only the test files that should catch each one. A
 * restructured test suite must still catch every fault its earlier self caught.
 *
 *   npx tsx scripts/fault-injection.ts                   # every fault, Vitest files only
 *   npx tsx scripts/fault-injection.ts --only S1,W2      # some faults
 *   npx tsx scripts/fault-injection.ts --e2e             # also the Playwright tests named for a fault
 *   npx tsx scripts/fault-injection.ts --from /tmp/old   # another tree (e.g. the suite before a change)
 *   npx tsx scripts/fault-injection.ts --list            # the faults, without running anything
 *
 * The tree (default: this repository's files, committed or not, without node_modules and build
 * output) is copied to a temporary folder that links this repository's node_modules; the working
 * tree is never changed. A fault is a replacement of one exact piece of text in one file: when the
 * text is not there (the file was rewritten) the fault is reported as not applicable, never as
 * caught. Before the faults, the same test files run once on the clean copy: a file that fails
 * without a fault cannot tell whether it caught one. E2E runs use E2E_PORT (default 4299).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Fault {
  id: string;
  area: 'server' | 'wire crypto' | 'web';
  /** What the fault breaks, as a reader of the table needs it. */
  what: string;
  file: string;
  from: string;
  to: string;
  /**
   * The same fault where the code has moved since (another file or wording): the first place whose
   * text is found is used, so one fault can be planted in the suite before and after a change.
   */
  alt?: { file: string; from: string; to: string }[];
  /** Vitest files that should catch it. */
  vitest: string[];
  /** Playwright spec and test-title pattern that should catch it (run with --e2e). */
  e2e?: { spec: string; grep: string };
}

export const FAULTS: Fault[] = [
  {
    id: 'S1',
    area: 'server',
    what: 'any password verifies',
    file: 'server/sim/passwords.ts',
    from: 'return expected.length === actual.length && timingSafeEqual(expected, actual);',
    to: 'return expected.length === actual.length || timingSafeEqual(expected, actual);',
    vitest: ['tests/session.test.ts'],
  },
  {
    id: 'S2',
    area: 'server',
    what: 'an expired session token is still accepted',
    file: 'server/sim/sessions.ts',
    from: 'if (s.expiresAt <= this.now()) {\n      this.sessions.delete(token);',
    to: 'if (s.expiresAt < 0) {\n      this.sessions.delete(token);',
    alt: [{ file: 'server/sim/sessions.ts', from: 'if (!s || s.expiresAt <= this.now()) return null;', to: 'if (!s || s.expiresAt < 0) return null;' }],
    vitest: ['tests/session.test.ts', 'tests/bounded.test.ts'],
  },
  {
    id: 'S3',
    area: 'server',
    what: 'the ledger lets a balance go negative',
    file: 'server/sim/ledger.ts',
    from: 'if (after < 0) throw',
    to: 'if (after < -1e9) throw',
    vitest: ['tests/wallet.test.ts'],
  },
  {
    id: 'S4',
    area: 'server',
    what: 'a transfer back from a game wallet ignores its balance',
    file: 'server/sim/wallet.ts',
    from: "if (current < value) throw refused('wallet.insufficient.balance'",
    to: "if (current < 0) throw refused('wallet.insufficient.balance'",
    vitest: ['tests/wallet.test.ts'],
  },
  {
    id: 'S5',
    area: 'server',
    what: 'paging counts one page too few for a partial last page',
    file: 'server/sim/paging.ts',
    from: 'totalPages: Math.ceil(rows.length / size),',
    to: 'totalPages: Math.floor(rows.length / size),',
    vitest: ['tests/wallet.test.ts', 'tests/agent.test.ts', 'tests/messages.test.ts'],
  },
  {
    id: 'S6',
    area: 'server',
    what: 'the X-Sim-World header is ignored (every request acts on the default world)',
    file: 'server/app.ts',
    from: 'header !== undefined\n          ? checkWorldName(',
    to: 'header === null\n          ? checkWorldName(',
    alt: [{ file: 'server/plugins/world-selection.ts', from: 'header !== undefined\n          ? checkWorldName(', to: 'header === null\n          ? checkWorldName(' }],
    vitest: ['tests/worlds.test.ts'],
  },
  {
    id: 'S7',
    area: 'server',
    // Not X-Content-Type-Options: @fastify/helmet sets nosniff as well, so changing this plugin's
    // value changes no reply (an equivalent fault, which no test can catch).
    what: "the CSP lets plugins load (object-src 'self' instead of 'none')",
    file: 'server/security-headers.ts',
    from: `['object-src', ["'none'"]],`,
    to: `['object-src', ["'self'"]],`,
    vitest: ['tests/security-headers.test.ts'],
  },
  {
    id: 'W1',
    area: 'wire crypto',
    what: 'DES encryption pads with zeros instead of PKCS#7',
    file: 'openapi/wire-crypto.ts',
    from: 'mode: CryptoJS.mode.ECB,\n    padding: CryptoJS.pad.Pkcs7,',
    to: 'mode: CryptoJS.mode.ECB,\n    padding: CryptoJS.pad.ZeroPadding,',
    alt: [{ file: 'packages/sandbox-kit/src/wire-crypto.ts', from: 'mode: CryptoJS.mode.ECB,\n    padding: CryptoJS.pad.Pkcs7,', to: 'mode: CryptoJS.mode.ECB,\n    padding: CryptoJS.pad.ZeroPadding,' }],
    vitest: ['tests/wire-crypto-vectors.test.ts', 'tests/wire-crypto.test.ts'],
  },
  {
    id: 'W2',
    area: 'wire crypto',
    what: 'the RSA-wrapped key string is read little-endian',
    file: 'openapi/wire-crypto.ts',
    from: 'for (let i = 0; i < keyString.length; i++) m = (m << 8n)',
    to: 'for (let i = keyString.length - 1; i >= 0; i--) m = (m << 8n)',
    alt: [{ file: 'packages/sandbox-kit/src/wire-crypto.ts', from: 'for (let i = 0; i < keyString.length; i++) m = (m << 8n)', to: 'for (let i = keyString.length - 1; i >= 0; i--) m = (m << 8n)' }],
    vitest: ['tests/wire-crypto-vectors.test.ts', 'tests/wire-crypto.test.ts'],
  },
  {
    id: 'W3',
    area: 'wire crypto',
    what: "the simulator keeps the RSA block's leading zero bytes in the key",
    file: 'server/sim/rsa.ts',
    from: 'while (start < plain.length && plain[start] === 0) start++;',
    to: 'while (start < 0 && plain[start] === 0) start++;',
    vitest: ['tests/wire-crypto.test.ts', 'tests/session.test.ts'],
  },
  {
    id: 'W4',
    area: 'wire crypto',
    what: 'only the first 7 characters of the key string key DES',
    file: 'openapi/wire-crypto.ts',
    from: 'const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 8));\n  return CryptoJS.DES.encrypt(',
    to: 'const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 7) + "A");\n  return CryptoJS.DES.encrypt(',
    alt: [{ file: 'packages/sandbox-kit/src/wire-crypto.ts', from: 'const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 8));\n  return CryptoJS.DES.encrypt(', to: 'const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 7) + "A");\n  return CryptoJS.DES.encrypt(' }],
    vitest: ['tests/wire-crypto-vectors.test.ts', 'tests/wire-crypto.test.ts'],
  },
  {
    id: 'B1',
    area: 'web',
    what: 'the banner carousel skips a slide on autoplay',
    file: 'web/src/ui/banner-carousel.tsx',
    from: 'window.setTimeout(() => go(index + 1), interval)',
    to: 'window.setTimeout(() => go(index + 2), interval)',
    vitest: ['web/src/ui/banner-carousel.test.tsx'],
    e2e: { spec: 'e2e/shell.spec.ts', grep: 'autoplays every 5 seconds' },
  },
  {
    id: 'B2',
    area: 'web',
    what: 'the captcha image reloads on every click (no once-a-second limit)',
    file: 'web/src/ui/account-form/captcha.tsx',
    from: 'if (!force && now - lastLoad.current < CAPTCHA_REFRESH_MS) return;',
    to: 'if (!force && now - lastLoad.current < 0) return;',
    vitest: [],
    e2e: { spec: 'e2e/login.spec.ts', grep: 'captcha image refreshes on click' },
  },
  {
    id: 'B3',
    area: 'web',
    what: 'money shows without its cents',
    file: 'web/src/ui/format.ts',
    from: "numberFormat('money', { minimumFractionDigits: 2, maximumFractionDigits: 2 })",
    to: "numberFormat('money', { minimumFractionDigits: 0, maximumFractionDigits: 2 })",
    vitest: ['web/src/ui/format.test.ts'],
  },
  {
    id: 'B4',
    area: 'web',
    what: 'Escape no longer closes a modal',
    file: 'web/src/ui/modal.tsx',
    from: "if (event.key === 'Escape') {",
    to: "if (event.key === 'Esc') {",
    vitest: ['web/src/ui/modal.test.tsx'],
    // A step of the visitor's home-page test (one page load carries the shell's checks).
    e2e: { spec: 'e2e/shell.spec.ts', grep: 'a visitor on the home page: footer, side menu, modals' },
  },
];

type Result = 'caught' | 'MISSED' | 'n/a (text not found)' | 'not run (Playwright only: --e2e)';

function run(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): { ok: boolean; seconds: number; tail: string } {
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { cwd, env: { ...process.env, CI: '', ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const tail = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-6).join('\n');
  return { ok: res.status === 0, seconds: (Date.now() - started) / 1000, tail };
}

const vitest = (cwd: string, files: string[]) => run(cwd, [join(cwd, 'node_modules/vitest/vitest.mjs'), 'run', ...files, '--reporter=dot']);
const e2e = (cwd: string, f: NonNullable<Fault['e2e']>) =>
  run(cwd, [join(cwd, 'node_modules/tsx/dist/cli.mjs'), 'scripts/e2e.ts', f.spec, '-g', f.grep, '--reporter=line'], {
    E2E_PORT: process.env.E2E_PORT ?? '4299',
    E2E_WORKERS: '1',
  });

/** Where a fault goes in a tree: its first place whose text occurs there exactly once (else its first). */
export function placeOf(tree: string, f: Fault): { file: string; from: string; to: string } {
  const places = [{ file: f.file, from: f.from, to: f.to }, ...(f.alt ?? [])];
  return (
    places.find((p) => {
      const path = join(tree, p.file);
      return existsSync(path) && readFileSync(path, 'utf8').split(p.from).length === 2;
    }) ?? places[0]!
  );
}

/** A copy of the tree to plant faults in, linking the repository's node_modules. */
function copyTree(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fault-injection-'));
  const skip = new Set(['node_modules', '.git', 'web/dist', 'test-results', 'playwright-report']);
  cpSync(from, dir, { recursive: true, filter: (src) => !skip.has(relative(from, src)) });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      from: { type: 'string', default: ROOT },
      e2e: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const wanted = values.only ? new Set(values.only.split(',')) : null;
  const faults = FAULTS.filter((f) => !wanted || wanted.has(f.id));
  if (values.list) {
    for (const f of faults) console.log(`${f.id}\t${f.area}\t${f.file}\t${f.what}\t${[...f.vitest, f.e2e ? `${f.e2e.spec} -g "${f.e2e.grep}"` : ''].filter(Boolean).join(', ')}`);
    return;
  }
  const tree = copyTree(resolve(values.from));
  console.log(`copy of ${resolve(values.from)} in ${tree}`);
  try {
    const files = [...new Set(faults.flatMap((f) => f.vitest))].filter((f) => existsSync(join(tree, f)));
    if (files.length) {
      const clean = vitest(tree, files);
      console.log(`clean run of ${files.length} files: ${clean.ok ? 'green' : 'RED'} (${clean.seconds.toFixed(0)} s)`);
      if (!clean.ok) {
        console.log(clean.tail);
        process.exitCode = 1;
        return;
      }
    }
    const rows: string[] = [];
    for (const f of faults) {
      const place = placeOf(tree, f);
      const path = join(tree, place.file);
      const original = existsSync(path) ? readFileSync(path, 'utf8') : '';
      let result: Result = 'n/a (text not found)';
      const by: string[] = [];
      let seconds = 0;
      if (original.split(place.from).length === 2) {
        writeFileSync(path, original.replace(place.from, place.to));
        try {
          result = 'MISSED';
          const suites = f.vitest.filter((file) => existsSync(join(tree, file)));
          if (suites.length) {
            const r = vitest(tree, suites);
            seconds += r.seconds;
            if (!r.ok) by.push('vitest');
          }
          if (values.e2e && f.e2e) {
            const r = e2e(tree, f.e2e);
            seconds += r.seconds;
            if (!r.ok) by.push('playwright');
          }
          if (by.length) result = 'caught';
          else if (!suites.length && !(values.e2e && f.e2e)) result = 'not run (Playwright only: --e2e)';
        } finally {
          writeFileSync(path, original);
        }
      }
      const tests = [...f.vitest, values.e2e && f.e2e ? `${f.e2e.spec} (${f.e2e.grep})` : ''].filter(Boolean).join(', ');
      const row = `| ${f.id} | ${f.area} | ${f.what} | \`${place.file}\` | ${tests || '(Playwright only: --e2e)'} | ${result}${by.length ? ` (${by.join(', ')})` : ''} | ${seconds.toFixed(0)} |`;
      console.log(row);
      rows.push(row);
    }
    console.log('\n| id | area | fault | file | tests run | result | s |\n|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    if (rows.some((r) => r.includes('MISSED'))) process.exitCode = 1;
  } finally {
    if (!values.keep) rmSync(tree, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
