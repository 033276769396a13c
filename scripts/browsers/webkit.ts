/**
 * WebKitGTK (Debian's `webkit2gtk-driver`, Safari's engine) through selenium-webdriver: Xvfb, then
 * `WebKitWebDriver`, which starts its MiniBrowser with `--automation` for each session
 * (docs/decisions/027-every-engine.md).
 *
 * MiniBrowser keeps its window at least about 447 px wide for its toolbar; a GTK stylesheet that
 * shrinks every widget lets the window, and so the viewport, come down to a phone's 390 px.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import { PAGE_HELPERS, type Engine } from './journeys';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

const NAV_TIMEOUT_MS = 30_000;

/** Debian's MiniBrowser (webkit2gtk-4.1 or webkitgtk-6.0). */
export function miniBrowserPath(): string | undefined {
  for (const lib of ['/usr/lib', '/usr/libexec']) {
    if (!existsSync(lib)) continue;
    for (const arch of readdirSync(lib)) {
      for (const api of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']) {
        const candidate = join(lib, arch, api, 'MiniBrowser');
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function waitForExitOr<T>(child: ChildProcess, what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) while starting`)));
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Xvfb and WebKitWebDriver, shared by the sessions of one run. */
export class WebKitHost {
  private constructor(
    private readonly xvfb: ChildProcess,
    private readonly driver: ChildProcess,
    readonly driverUrl: string,
    private readonly configHome: string,
  ) {}

  static async start(): Promise<WebKitHost> {
    const miniBrowser = miniBrowserPath();
    if (!miniBrowser) throw new Error('MiniBrowser not found (Debian package webkit2gtk-driver brings it with libwebkit2gtk)');
    // -displayfd: Xvfb picks a free display and writes its number, so parallel runs never collide.
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const display = await waitForExitOr(
      xvfb,
      'Xvfb',
      new Promise<string>((resolve) => xvfb.stdout!.once('data', (d: Buffer) => resolve(String(d).trim()))),
      20_000,
    );
    const configHome = mkdtempSync(join(tmpdir(), 'webkit-gtk-'));
    mkdirSync(join(configHome, 'gtk-3.0'));
    // Every GTK widget (MiniBrowser's toolbar) as small as it goes: the window may then be 390 px wide.
    writeFileSync(join(configHome, 'gtk-3.0', 'gtk.css'), '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.1); }\n');
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}`, XDG_CONFIG_HOME: configHome },
      stdio: 'ignore',
    });
    const driverUrl = `http://127.0.0.1:${port}`;
    await waitForExitOr(
      driver,
      'WebKitWebDriver',
      (async () => {
        for (;;) {
          try {
            if ((await fetch(`${driverUrl}/status`)).ok) return;
          } catch {
            // not listening yet
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      })(),
      20_000,
    );
    return new WebKitHost(xvfb, driver, driverUrl, configHome);
  }

  async session(viewport: { width: number; height: number }): Promise<Engine> {
    const driver = await new Builder()
      .usingServer(this.driverUrl)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      })
      .build();
    try {
      await driver.manage().setTimeouts({ pageLoad: NAV_TIMEOUT_MS, script: NAV_TIMEOUT_MS, implicit: 0 });
      // The window holds the toolbar too: size it so the viewport is the one asked for.
      await driver.manage().window().setRect({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      const [innerWidth, innerHeight] = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
      await driver.manage().window().setRect({ x: 0, y: 0, width: viewport.width, height: viewport.height * 2 - innerHeight });
      const inner = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
      if (inner[0] !== viewport.width || inner[1] !== viewport.height) {
        throw new Error(`MiniBrowser gives a ${inner[0]} x ${inner[1]} viewport for ${viewport.width} x ${viewport.height} (first try ${innerWidth} x ${innerHeight})`);
      }
    } catch (err) {
      await driver.quit().catch(() => undefined);
      throw err;
    }
    return new WebKitEngine(driver);
  }

  stop(): void {
    this.driver.kill();
    this.xvfb.kill();
    rmSync(this.configHome, { recursive: true, force: true });
  }
}

class WebKitEngine implements Engine {
  readonly name = 'webkit' as const;
  constructor(private readonly driver: WebDriver) {}

  async open(url: string): Promise<void> {
    await this.driver.get(url);
  }
  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
  }
  async run<T>(fn: string, ...args: unknown[]): Promise<T> {
    // WebDriver awaits a promise the script returns; the same script text Firefox runs.
    return (await this.driver.executeScript(`${PAGE_HELPERS}; return (${fn}).apply(null, arguments);`, ...args)) as T;
  }
  async click(css: string): Promise<void> {
    const element = await this.driver.findElement(By.css(css));
    // WebDriver scrolls an element only to the viewport's bottom edge, where the sandbox bar sits
    // over it; a person scrolls it into view first.
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'nearest' })", element);
    await element.click();
  }
  async type(css: string, text: string): Promise<void> {
    await this.driver.findElement(By.css(css)).sendKeys(text);
  }
  async pressEscape(): Promise<void> {
    await this.driver.actions().sendKeys(Key.ESCAPE).perform();
  }
  async screenshot(file: string): Promise<void> {
    writeFileSync(file, Buffer.from(await this.driver.takeScreenshot(), 'base64'));
  }
  async close(): Promise<void> {
    await this.driver.quit();
  }
}
