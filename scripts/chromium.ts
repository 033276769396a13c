/**
 * Finds the Chromium that Playwright drives: CHROMIUM_PATH, then Debian's /usr/bin/chromium. Browsers
 * cannot be downloaded on these machines, so `npx playwright install` is never used.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

/** Chromium's path, installing Debian's package when running as root; otherwise a clear error. */
export function ensureChromium(): string {
  const found = chromiumPath();
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('Chromium not found: installing Debian package "chromium" (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = chromiumPath();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is needed for the Playwright suite. Install it with `sudo apt-get install -y chromium` ' +
      '(Debian), or set CHROMIUM_PATH to a Chromium binary.',
  );
}
