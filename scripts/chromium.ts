/**
 * Finds the Chromium that Playwright drives. Browsers cannot be downloaded on these machines, so
 * `npx playwright install` is never used: Debian's packages are.
 *
 * - `chromiumPath()`: the full browser (CHROMIUM_PATH, then Debian's /usr/bin/chromium), for
 *   screenshots and Lighthouse, which measure what players get.
 * - `testChromiumPath()`: what the Playwright suites run on. Debian's `chromium-headless-shell` (the
 *   same Blink and V8 release without the browser's UI layers) when present: it opens a page in a
 *   fifth of the time the full browser takes, which is most of what a short test costs. The full
 *   browser otherwise. CHROMIUM_PATH wins over both.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

export function testChromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0) return false;
  console.log(`Installing Debian package(s) ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  } catch {
    // The package lists may be missing on a fresh machine: read them once, then try again.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  }
  return true;
}

/** Chromium's path, installing Debian's package when running as root; otherwise a clear error. */
export function ensureChromium(): string {
  const found = chromiumPath();
  if (found) return found;
  if (aptInstall(['chromium', 'fonts-noto-core'])) {
    const installed = chromiumPath();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is needed for the Playwright suite. Install it with `sudo apt-get install -y chromium` ' +
      '(Debian), or set CHROMIUM_PATH to a Chromium binary.',
  );
}

/**
 * The Chromium the Playwright suites run on, installing Debian's `chromium-headless-shell` when
 * running as root and it is missing; the full browser when the shell cannot be had.
 */
export function ensureTestChromium(): string {
  if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL)) return testChromiumPath() ?? ensureChromium();
  try {
    aptInstall(['chromium-headless-shell', 'fonts-noto-core']);
  } catch (err) {
    console.warn(`chromium-headless-shell could not be installed (${(err as Error).message}); using the full browser.`);
  }
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : ensureChromium();
}
