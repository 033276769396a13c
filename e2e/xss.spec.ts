/**
 * Script injection: text and HTML from the gateway render inert in Chromium. The
 * payloads arrive the ways a real gateway could send them: the fixture world's own announcement
 * (id 18, `<img src=x onerror=alert(1)>` and a `<script>`), an error envelope's message through the
 * control API's faults, and, where the control API cannot change world data (promotions, help,
 * the member's nickname; usernames only take letters and digits), the simulator's real reply
 * changed in flight by the test. For every case: no dialog opens, no element in the page carries an
 * inline event handler, a `javascript:` link, a script or a `srcdoc` frame, and the page reports no
 * Content-Security-Policy violation (which is what an inline handler that got through the
 * sanitiser would cause, the CSP being the second line of defence).
 */
import type { Page } from '@playwright/test';
import { expect, patchJson, shell, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

/** Each tries its own way to run `alert`; none may. */
const PAYLOADS = [
  `<img src=x onerror="alert('xss-img')">`,
  `<svg><g onload="alert('xss-svg')"></g></svg>`,
  `<script>alert('xss-script')</script>`,
  `<a href="javascript:alert('xss-link')">xss-link</a>`,
  `<iframe srcdoc="<script>alert('xss-frame')</script>"></iframe>`,
  `<details open ontoggle="alert('xss-toggle')"><summary>xss-details</summary></details>`,
  `"><img src=x onerror="alert('xss-attr')">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="alert('xss-mxss')">`,
].join('');

/** A payload for places that show plain text (titles, names, messages). */
const TEXT_PAYLOAD = `<img src=x onerror="alert('xss-text')">`;

interface Guard {
  /** Asserts nothing ran, after the page has shown the payload. */
  assertInert(): Promise<void>;
}

interface CspReport {
  directive: string;
  /** 'element' when the violating node was in the page, 'document' otherwise. */
  target: 'element' | 'document';
  source: string;
  detail: string;
}

/**
 * Chromium checks the page's CSP for every inline handler or `<style>` the HTML parser creates, even
 * in an inert document that never runs anything (DOMParser, `<template>`, the Sanitizer API alike).
 * DOMPurify parses the hostile markup that way before removing it, so those reports come from the
 * sanitiser's own file with the document, not an element of the page, as their target. Only those
 * are expected; any report about an element of the page, or from anywhere else, means something
 * hostile reached the live DOM.
 */
function fromSanitiserParse(report: CspReport): boolean {
  return (
    report.target === 'document' &&
    ['script-src-attr', 'style-src-elem', 'style-src-attr'].includes(report.directive) &&
    /\/static\/safe-html-[^/]+\.js$/.test(report.source)
  );
}

/** Listen for dialogs and CSP reports from the first document on. */
async function guard(page: Page): Promise<Guard> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    // The dialog is recorded, which is what the tests assert; one the closing page already took
    // away cannot be dismissed, and that is no failure.
    void dialog.dismiss().catch(() => undefined);
  });
  await page.addInitScript(() => {
    const reports: CspReport[] = [];
    Object.defineProperty(window, '__cspReports', { value: reports });
    document.addEventListener('securitypolicyviolation', (e) => {
      const element = e.target instanceof Element && e.target !== document.documentElement;
      reports.push({
        directive: e.violatedDirective,
        target: element ? 'element' : 'document',
        source: e.sourceFile,
        detail: `${e.blockedURI} ${e.sample} line ${e.lineNumber}${element ? ` on ${(e.target as Element).outerHTML.slice(0, 120)}` : ''}`,
      });
    });
  });
  return {
    async assertInert() {
      const dom = await page.evaluate(() => {
        const found: string[] = [];
        for (const el of Array.from(document.querySelectorAll('*'))) {
          for (const attr of Array.from(el.attributes)) {
            if (/^on/i.test(attr.name)) found.push(`<${el.tagName.toLowerCase()} ${attr.name}>`);
            if (
              /^\s*javascript:/i.test(attr.value) &&
              /^(href|src|action|formaction|xlink:href)$/i.test(attr.name)
            )
              found.push(`<${el.tagName.toLowerCase()} ${attr.name}=${attr.value}>`);
          }
          if (el.tagName === 'IFRAME' && el.hasAttribute('srcdoc')) found.push('<iframe srcdoc>');
        }
        // Every script of the page is a file of the build: none inline, none injected.
        for (const script of Array.from(document.querySelectorAll('script'))) {
          if (!script.src || new URL(script.src).origin !== location.origin)
            found.push(`<script>${script.textContent?.slice(0, 40) ?? ''}`);
        }
        return { found, csp: (window as unknown as { __cspReports: CspReport[] }).__cspReports };
      });
      expect(dialogs, 'dialogs opened by a payload').toEqual([]);
      expect(dom.found, 'injected handlers, scripts or javascript: URLs in the DOM').toEqual([]);
      const parse = dom.csp.filter(fromSanitiserParse);
      if (parse.length)
        console.log(
          `  (${parse.length} CSP report(s) from DOMPurify's inert parse of the payload, as expected: ${[...new Set(parse.map((r) => r.directive))].join(', ')})`,
        );
      expect(
        dom.csp.filter((r) => !fromSanitiserParse(r)),
        'Content-Security-Policy violations in the page',
      ).toEqual([]);
    },
  };
}

// One page and one guard (ADR 040): the visitor's cases first (the announcement and the error message
// on the first load of `/`, then the promotion and help pages, each changed in flight before its own
// loads), the signed-in nickname last. Each step's check covers everything the page did so far.
test('payloads render inert: the announcement, an error message, promotions, help, then a nickname', async ({
  page,
  sim,
  apiLogin,
}) => {
  test.setTimeout(120_000);
  const check = await guard(page);

  await test.step('the fixture announcement with an image handler and a script renders inert', async () => {
    await page.goto(paths.home());
    await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).click();
    await page
      .getByRole('region', { name: 'Customer service' })
      .getByRole('button', { name: 'Announcements' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    const item = dialog.getByRole('button', { name: /Lucky Lotus turns two!/ });
    // Newest first, 9 a page: the fixture's announcement 18 is the 18th newest, the last of page 2.
    const pages = dialog.getByRole('navigation', { name: 'Announcement pages' });
    // A page's rows are read once it has loaded (the list is busy while the previous page still shows).
    const list = dialog.getByRole('list', { name: 'Announcement list' });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(item).toHaveCount(0);
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await item.click();
    const detail = dialog.getByRole('article');
    await expect(detail.getByRole('heading', { name: 'Lucky Lotus turns two!' })).toBeVisible();
    // The text around the payload is there: the content did render, minus the dangerous parts.
    await expect(detail.getByText('Terms apply.')).toBeVisible();
    await expect(detail.locator('img[onerror], script')).toHaveCount(0);
    await check.assertInert();
    // Closed again, as the next step expects the page.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('an error message with markup from the gateway shows as text', async () => {
    await sim.addFault({
      path: '/wps/session/login',
      method: 'POST',
      status: 400,
      errorCode: 'login.failed.xss',
      message: TEXT_PAYLOAD,
      times: 1,
    });
    // On the home page the step before left, no dialog open.
    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username').fill('player01');
    await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    // An errorCode the catalogue does not know shows the gateway's message, as characters.
    await expect(dialog.getByRole('alert')).toContainText(TEXT_PAYLOAD);
    await check.assertInert();
    // Closed again, as the next step expects the page.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('payloads in promotions render inert in the list, the popup and the detail page', async () => {
    type Promo = { id: number; title: string; summary: string; content: string };
    await patchJson<{ value: Promo[] }>(page, '**/wps/promotion/list', (body) => {
      const first = body.value[0];
      if (!first) throw new Error('no promotions in the fixture world');
      first.title = `Bonus ${TEXT_PAYLOAD}`;
      first.summary = `Summary ${TEXT_PAYLOAD}`;
      first.content = `<p>Promo body</p>${PAYLOADS}`;
    });
    await patchJson<{ value: Promo }>(page, '**/wps/promotion/detail?**', (body) => {
      body.value.title = `Bonus ${TEXT_PAYLOAD}`;
      body.value.summary = `Summary ${TEXT_PAYLOAD}`;
      body.value.content = `<p>Promo body</p>${PAYLOADS}`;
    });

    await page.goto(paths.promotions());
    // Titles are text: the markup shows as characters.
    await expect(page.getByRole('heading', { name: `Bonus ${TEXT_PAYLOAD}` })).toBeVisible();
    await expect(page.getByText(`Summary ${TEXT_PAYLOAD}`)).toBeVisible();
    await check.assertInert();

    await page.goto(paths.promotions({ id: '1' }));
    const popup = page.getByRole('dialog');
    await expect(popup.getByText('Promo body')).toBeVisible();
    await check.assertInert();

    await page.goto(paths.promoDetail('1'));
    await expect(
      page.getByRole('heading', { level: 1, name: `Bonus ${TEXT_PAYLOAD}` }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText('Promo body')).toBeVisible();
    await check.assertInert();
  });

  await test.step('payloads in help content render inert on /help and in the help centre', async () => {
    type Help = {
      protocol: string;
      categories: { title: string; items: { id: number; title: string; content: string }[] }[];
    };
    await patchJson<{ value: Help }>(page, '**/wps/system/helpCenter', (body) => {
      body.value.protocol = `<p>Protocol body</p>${PAYLOADS}`;
      const item = body.value.categories[0]?.items[0];
      if (!item) throw new Error('no help items in the fixture world');
      item.title = `Question ${TEXT_PAYLOAD}`;
      item.content = `<p>Answer body</p>${PAYLOADS}`;
    });

    await page.goto(paths.help());
    await expect(page.getByText('Protocol body')).toBeVisible();
    await check.assertInert();

    await page.goto(paths.helpCentre());
    await page.getByText(`Question ${TEXT_PAYLOAD}`).click();
    await expect(page.getByText('Answer body')).toBeVisible();
    await check.assertInert();
  });

  await test.step('a nickname with markup shows as text in the header and the members centre', async () => {
    await patchJson<{ value: { nickname: string } }>(page, '**/wps/member/info**', (body) => {
      body.value.nickname = `Ann ${TEXT_PAYLOAD}`;
    });
    await useSession(page, await apiLogin());
    await page.goto(paths.home());
    const account = page.getByRole('button', { name: /Account menu/ });
    await expect(account).toContainText(`Ann ${TEXT_PAYLOAD}`);
    await account.click();
    await page.getByRole('menuitem', { name: 'Members centre' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Members centre' }).getByText(`Ann ${TEXT_PAYLOAD}`).first(),
    ).toBeVisible();
    await check.assertInert();
  });
});
