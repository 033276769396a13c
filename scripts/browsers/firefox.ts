/**
 * Firefox ESR (Debian's `firefox-esr`) through puppeteer-core over WebDriver BiDi: no geckodriver,
 * headless, a fresh profile per session (docs/decisions/027-every-engine.md).
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { LOAD_PENDING, PAGE_HELPERS, withLoadPending, type Engine } from './journeys';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const NAV_TIMEOUT_MS = 30_000;

class FirefoxEngine implements Engine {
  readonly name = 'firefox' as const;
  constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS }).catch((err: unknown) => this.withPending(err));
  }
  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load', timeout: NAV_TIMEOUT_MS }).catch((err: unknown) => this.withPending(err));
  }
  /** A load that does not end says what the page still waits for, so a rare hang can be told apart. */
  private async withPending(err: unknown): Promise<never> {
    throw await withLoadPending(err, () => this.page.evaluate(LOAD_PENDING));
  }
  async run<T>(fn: string, ...args: unknown[]): Promise<T> {
    // One expression of plain text, the same script the WebKit session sends.
    return (await this.page.evaluate(`(async () => { ${PAGE_HELPERS}; return (${fn}).apply(null, ${JSON.stringify(args)}); })()`)) as T;
  }
  async click(css: string): Promise<void> {
    await this.page.click(css);
  }
  async type(css: string, text: string): Promise<void> {
    await this.page.type(css, text);
  }
  async pressEscape(): Promise<void> {
    await this.page.keyboard.press('Escape');
  }
  async screenshot(file: string): Promise<void> {
    await this.page.screenshot({ path: file as `${string}.png` });
  }
  async close(): Promise<void> {
    await this.browser.close();
  }
}

/** A fresh Firefox with one page of the given viewport. */
export async function startFirefox(viewport: { width: number; height: number }): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    protocolTimeout: 60_000,
    timeout: 60_000,
    extraPrefsFirefox: {
      // Quiet: no first-run pages, updates or telemetry calls.
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport(viewport);
  page.setDefaultTimeout(NAV_TIMEOUT_MS);
  return new FirefoxEngine(browser, page);
}
