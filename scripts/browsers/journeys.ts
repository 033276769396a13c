/**
 * The journeys `npm run test:browsers` walks in every engine (Firefox over WebDriver BiDi, WebKitGTK
 * over WebDriver), at a phone's and a desktop's size: written once against the small `Engine` below,
 * which firefox.ts and webkit.ts implement (docs/decisions/027-every-engine.md).
 *
 * What a page check needs runs inside the page as plain JavaScript (PAGE_HELPERS), so both drivers
 * send the same script text; clicks and typing are the driver's own native input on an element the
 * page marked (`data-bt`).
 */
import { SimClient } from '../sim-client';

export type ViewportName = 'phone' | 'desktop';
export const VIEWPORTS: Record<ViewportName, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};

/** One browser session of one engine, at one viewport, with a fresh profile. */
export interface Engine {
  readonly name: 'firefox' | 'webkit';
  /** Navigates and waits for the load event. */
  open(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` (a function's source text) in the page with `args`, awaiting a promise it returns. */
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** A native click in the middle of the first element matching `css`. */
  click(css: string): Promise<void>;
  /** Native typing into the element matching `css`. */
  type(css: string, text: string): Promise<void>;
  /** A native press of Escape. */
  pressEscape(): Promise<void>;
  /** The viewport as a PNG file. */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-page helpers, plain JavaScript so no bundler's helper names leak into it: visibility, an
 * accessible-ish name (aria-labelledby, aria-label, text), finding by CSS and name, marking a found
 * element for the driver, and a form field by its label.
 */
export const PAGE_HELPERS = `
window.__bt = window.__bt || (function () {
  var n = 0;
  function visible(el) {
    if (!el || !el.isConnected) return false;
    var r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (var e = el; e && e.nodeType === 1; e = e.parentElement) {
      var s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || e.hasAttribute('inert') || e.getAttribute('aria-hidden') === 'true') return false;
    }
    return true;
  }
  function name(el) {
    var by = el.getAttribute('aria-labelledby');
    var text = by ? by.split(/\\s+/).map(function (id) { var l = document.getElementById(id); return l ? l.textContent : ''; }).join(' ') : '';
    return (text || el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || '').replace(/\\s+/g, ' ').trim();
  }
  function matches(text, pattern) {
    if (pattern == null) return true;
    if (pattern.charAt(0) === '/') { var end = pattern.lastIndexOf('/'); return new RegExp(pattern.slice(1, end), pattern.slice(end + 1)).test(text); }
    return text === pattern;
  }
  function all(css, pattern, scope) {
    var roots = scope ? Array.prototype.filter.call(document.querySelectorAll(scope), visible) : [document];
    var out = [];
    roots.forEach(function (root) {
      root.querySelectorAll(css).forEach(function (el) { if (visible(el) && matches(name(el), pattern)) out.push(el); });
    });
    return out;
  }
  function mark(el) {
    n += 1;
    var id = 'bt' + n + '-' + Date.now();
    el.setAttribute('data-bt', id);
    return '[data-bt="' + id + '"]';
  }
  // Not moving: no finite animation or transition runs on the element or an ancestor (a drawer
  // sliding in), since a driver refuses to click what is still on its way in.
  function settled(el) {
    for (var e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (!e.getAnimations) return true;
      var moving = e.getAnimations().some(function (a) { return a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity; });
      if (moving) return false;
    }
    return true;
  }
  function find(css, pattern, scope, last) {
    var els = all(css, pattern, scope);
    var el = last ? els[els.length - 1] : els[0];
    return el && settled(el) ? mark(el) : null;
  }
  function field(label, scope) {
    var labels = all('label', null, scope);
    for (var i = 0; i < labels.length; i++) {
      if (labels[i].textContent.replace(/[*\\s]+$/, '').trim() !== label) continue;
      var control = labels[i].control || (labels[i].htmlFor && document.getElementById(labels[i].htmlFor));
      if (control && visible(control)) return mark(control);
    }
    return null;
  }
  function box(el) { var r = el.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; }
  return { visible: visible, settled: settled, name: name, all: all, find: find, field: field, mark: mark, box: box };
})();
`;

export interface JourneyContext {
  engine: Engine;
  viewport: ViewportName;
  /** The portal's origin, e.g. http://localhost:4190. */
  base: string;
  /** This run's sandbox world: its own accounts, status and flags. */
  world: string;
  sim: SimClient;
  /** Where this step's screenshots go. */
  shot(label: string): Promise<void>;
  /** Notes printed under the step (what was measured). */
  note(text: string): void;
}

/** A step's bound unless it says more: generous, since a busy 2-core machine runs a step ten times slower than a quiet one. */
export const STEP_TIMEOUT_MS = 180_000;

export interface Step {
  name: string;
  /** At most this long, else the step fails (default STEP_TIMEOUT_MS). */
  timeoutMs?: number;
  run(ctx: JourneyContext): Promise<void>;
}

export interface Journey {
  name: string;
  steps: Step[];
}

export class CheckFailed extends Error {}

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new CheckFailed(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` in the page until it returns something truthy; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(ctx: JourneyContext, what: string, fn: string, args: unknown[] = [], timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await ctx.engine.run<T>(fn, ...args);
      if (value) return value;
      last = value;
    } catch (err) {
      // A navigation in progress can drop a script; try again until the deadline.
      last = err instanceof Error ? err.message.split('\n')[0] : err;
    }
    if (Date.now() > deadline) throw new CheckFailed(`timed out after ${timeoutMs / 1000} s waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(250);
  }
}

/**
 * What a page whose load event has not come still waits for, as one line: its ready state, the
 * pictures and frames not loaded yet, its fonts and whether a service worker controls it.
 */
export const LOAD_PENDING = `(() => {
  var images = Array.prototype.filter.call(document.images, function (img) { return !img.complete; }).map(function (img) { return img.currentSrc || img.src; });
  var frames = Array.prototype.map.call(document.querySelectorAll('iframe'), function (f) { return f.src; });
  return 'ready state ' + document.readyState + ', ' + images.length + ' pictures loading' + (images.length ? ' (' + images.slice(0, 5).join(', ') + ')' : '') +
    ', frames [' + frames.join(', ') + '], fonts ' + document.fonts.status + ', service worker ' + (navigator.serviceWorker && navigator.serviceWorker.controller ? 'in control' : 'not in control');
})()`;

/** The error of a load that did not end, its message followed by what the page still waits for. */
export async function withLoadPending(err: unknown, pending: () => Promise<unknown>): Promise<Error> {
  const message = err instanceof Error ? err.message : String(err);
  const error = err instanceof Error ? err : new Error(message);
  const waits = await pending().catch((e: unknown) => `unknown (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  error.message = `${message}; the page: ${String(waits)}`;
  return error;
}

/**
 * A click the driver refused because of where the element was at that moment, not a broken page:
 * covered or out of reach (WebDriver's "not interactable", "click intercepted"), no box to click
 * while the page re-renders it (puppeteer's "Node is either not clickable or not an Element"), or
 * gone between the find and the click ("No element found" in puppeteer, a stale or missing element
 * in WebDriver).
 */
export function isTransientClickError(error: Error): boolean {
  return /not ?interactable|intercepted|not clickable|no element found|no ?such ?element|stale ?element/i.test(`${error.name} ${error.message}`);
}

/** Waits for a visible element by CSS (and name) and clicks it natively. */
async function clickOn(ctx: JourneyContext, what: string, css: string, name?: string, scope?: string, last = false): Promise<void> {
  // A click refused for where the element was at that moment (isTransientClickError) is asked
  // again, on the element found afresh, until it is taken or 15 s pass, as a Playwright locator
  // resolves again.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const selector = await waitFor<string>(ctx, what, '(css, name, scope, last) => __bt.find(css, name, scope, last)', [css, name ?? null, scope ?? null, last]);
    try {
      await ctx.engine.click(selector);
      return;
    } catch (err) {
      const error = err as Error;
      if (!isTransientClickError(error) || Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
}

async function fill(ctx: JourneyContext, label: string, text: string, scope?: string): Promise<void> {
  const selector = await waitFor<string>(ctx, `the field "${label}"`, '(label, scope) => __bt.field(label, scope)', [label, scope ?? null]);
  await ctx.engine.type(selector, text);
}

async function expectVisible(ctx: JourneyContext, what: string, css: string, name?: string, scope?: string, timeoutMs?: number): Promise<void> {
  await waitFor(ctx, what, '(css, name, scope) => __bt.all(css, name, scope).length > 0', [css, name ?? null, scope ?? null], timeoutMs);
}

async function expectGone(ctx: JourneyContext, what: string, css: string, name?: string, timeoutMs?: number): Promise<void> {
  await waitFor(ctx, `${what} to go`, '(css, name) => __bt.all(css, name).length === 0', [css, name ?? null], timeoutMs);
}

const HEADER = 'header';
const BALANCE = /\$[\d,]+\.\d\d/;
const UPDATE_NOTICE = 'A new version of the site is ready.';

async function balanceShown(ctx: JourneyContext): Promise<string> {
  return waitFor<string>(ctx, 'the balance', `() => { var el = document.querySelector('[data-testid="balance-amount"]'); return el && __bt.visible(el) && /${BALANCE.source}/.test(el.textContent) ? el.textContent : null; }`, [], 25_000);
}

async function noHorizontalOverflow(ctx: JourneyContext): Promise<void> {
  const sizes = await ctx.engine.run<[number, number]>('() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]');
  check(sizes[0] <= sizes[1] + 1, `the page scrolls sideways: ${sizes[0]} px wide in a ${sizes[1]} px viewport`);
}

async function openMenu(ctx: JourneyContext): Promise<void> {
  if (ctx.viewport === 'phone') {
    await clickOn(ctx, 'the Menu button', 'button[aria-controls="side-menu"]', undefined, HEADER);
    await expectVisible(ctx, 'the drawer', '#side-menu');
  } else {
    await expectVisible(ctx, 'the side menu', '#side-menu');
  }
}

/** The service worker's state and whether the update notice shows. */
const SW_STATE = `async () => {
  var reg = await navigator.serviceWorker.getRegistration();
  return {
    controlled: !!navigator.serviceWorker.controller,
    installing: !!(reg && reg.installing),
    waiting: !!(reg && reg.waiting),
    active: reg && reg.active ? reg.active.state : null,
    notice: document.body.innerText.indexOf(${JSON.stringify(UPDATE_NOTICE)}) >= 0,
  };
}`;
interface SwState {
  controlled: boolean;
  installing: boolean;
  waiting: boolean;
  active: string | null;
  notice: boolean;
}

export const JOURNEYS: Journey[] = [
  {
    // First in a fresh profile: the first worker of the visit installs during this journey.
    name: 'service worker',
    steps: [
      {
        name: 'reload while the first worker installs: no update notice',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/?world=${ctx.world}`);
          await waitFor(ctx, 'the first worker to start installing', `async () => { var s = await (${SW_STATE})(); return s.installing || s.waiting || s.active; }`, [], 40_000);
          await ctx.engine.reload();
          let seenNotice = false;
          const state = await waitFor<SwState>(ctx, 'the first worker to activate', `async () => { var s = await (${SW_STATE})(); return s.active === 'activated' && !s.installing && !s.waiting ? s : (s.notice ? Object.assign(s, { early: true }) : null); }`, [], 60_000);
          seenNotice ||= state.notice;
          // Firefox showed the notice right after activation: give it time to appear.
          await sleep(1500);
          seenNotice ||= (await ctx.engine.run<SwState>(SW_STATE)).notice;
          check(!seenNotice, `"${UPDATE_NOTICE}" shows although this is the first worker and nothing older controls the page`);
          await ctx.shot('first-install');
        },
      },
      {
        name: 'the next load is controlled by the worker, with no notice',
        async run(ctx) {
          await ctx.engine.reload();
          const state = await waitFor<SwState>(ctx, 'the worker to control the page', `async () => { var s = await (${SW_STATE})(); return s.controlled ? s : null; }`, [], 20_000);
          await expectVisible(ctx, 'the header', HEADER);
          check(!state.notice && !(await ctx.engine.run<SwState>(SW_STATE)).notice, `"${UPDATE_NOTICE}" shows with no new build`);
          await ctx.shot('controlled');
        },
      },
    ],
  },
  {
    name: 'home',
    steps: [
      {
        name: 'header, banner and game cards',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          await expectVisible(ctx, 'the header', HEADER);
          await expectVisible(ctx, 'the banner', 'section[aria-label="Featured offers"], [role="region"][aria-label="Featured offers"]');
          const cards = await waitFor<number>(ctx, 'game cards', `() => { var n = __bt.all('.gx-card').length; return n >= 3 ? n : 0; }`, [], 20_000);
          ctx.note(`${cards} game cards visible`);
          await waitFor(ctx, 'the banner image', `() => Array.prototype.some.call(document.querySelectorAll('img[src*="/assets/banner/"]'), function (img) { return img.complete && img.naturalWidth > 0 && __bt.visible(img); })`);
          await noHorizontalOverflow(ctx);
          await ctx.shot('home');
        },
      },
    ],
  },
  {
    name: 'drawer and sheets',
    steps: [
      {
        name: 'the side menu',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          await openMenu(ctx);
          await ctx.shot('menu-open');
          if (ctx.viewport === 'phone') {
            await ctx.engine.pressEscape();
            await expectGone(ctx, 'the drawer', '#side-menu');
            await openMenu(ctx);
          }
          await clickOn(ctx, 'the Slots link', 'a', 'Slots', '#side-menu');
          await waitFor(ctx, 'the Slots lobby', `() => location.pathname === '/rng'`);
          if (ctx.viewport === 'phone') await expectGone(ctx, 'the drawer', '#side-menu');
          await expectVisible(ctx, 'game cards', '.gx-card');
          await ctx.shot('slots');
        },
      },
      {
        name: 'the log-in dialog (a full-screen sheet on a phone)',
        async run(ctx) {
          await clickOn(ctx, 'the Log in button', 'button', 'Log in', HEADER);
          await expectVisible(ctx, 'the Log in dialog', '[role="dialog"]', 'Log in');
          if (ctx.viewport === 'phone') {
            const { width, height } = VIEWPORTS.phone;
            await waitFor(ctx, 'the sheet to fill the screen', `() => { var d = __bt.all('[role="dialog"]', 'Log in')[0]; var b = d && __bt.box(d); return b && b[0] === 0 && b[1] === 0 && b[2] === innerWidth && b[3] === innerHeight ? b : null; }`);
            ctx.note(`sheet fills the ${width} x ${height} screen`);
          }
          await ctx.shot('login-dialog');
          await ctx.engine.pressEscape();
          await expectGone(ctx, 'the Log in dialog', '[role="dialog"]', 'Log in');
        },
      },
    ],
  },
  {
    name: 'Urdu',
    steps: [
      {
        name: 'switch to Urdu: right to left',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          await openMenu(ctx);
          await clickOn(ctx, 'the Language button', 'button', '/Language/', '#side-menu');
          await clickOn(ctx, 'Urdu', 'button', '/اردو/');
          await waitFor(ctx, 'the page to turn right to left', `() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ur'`);
          await expectVisible(ctx, 'the Urdu Log in button', 'button', 'لاگ ان', HEADER);
          await expectVisible(ctx, 'game cards', '.gx-card');
          await noHorizontalOverflow(ctx);
          await ctx.shot('urdu-home');
        },
      },
      {
        name: 'a cut game name keeps its beginning, with the ellipsis at its end',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/rng`);
          await waitFor(ctx, 'game names', `() => __bt.all('.gx-card__name').length >= 3`, [], 20_000);
          // For each name the card cuts: its first letter lies inside the name's box (a line placed
          // by the wrong side would push it off the box's left edge).
          const names = await ctx.engine.run<{ text: string; cut: boolean; direction: string; firstInside: boolean; first: number; left: number }[]>(`() => __bt.all('.gx-card__name').map(function (el) {
            var node = el.firstChild; while (node && node.nodeType !== 3) node = node.firstChild;
            var box = el.getBoundingClientRect();
            var range = document.createRange(); range.setStart(node, 0); range.setEnd(node, 1);
            var first = range.getBoundingClientRect();
            var cut = el.scrollWidth > el.clientWidth + 1;
            if (cut && !window.__btCutShown) { window.__btCutShown = true; el.scrollIntoView({ block: 'center' }); }
            return { text: el.textContent, cut: cut, direction: getComputedStyle(el).direction, firstInside: first.left >= box.left - 1 && first.right <= box.right + 1, first: Math.round(first.left), left: Math.round(box.left) };
          })`);
          const cut = names.filter((n) => n.cut);
          ctx.note(`${names.length} names, ${cut.length} cut`);
          const lost = cut.filter((n) => !n.firstInside);
          check(lost.length === 0, `cut names lose their beginning: ${lost.map((n) => `"${n.text}" starts at x=${n.first}, box at x=${n.left}`).join('; ')}`);
          // The ellipsis goes at the end of the line box's own direction: a Latin name's box must run
          // left to right, or the ellipsis lands over its beginning (WebKit: "…erald Megaway"). This
          // is the check that fails on the old `unicode-bidi: plaintext` CSS in WebKit: there the first
          // letter still lies inside the box, painted under the ellipsis, so the one above passes.
          const mirrored = cut.filter((n) => /^[\u0020-\u024f]+$/.test(n.text) && n.direction !== 'ltr');
          check(mirrored.length === 0, `cut Latin names laid out right to left, so the ellipsis covers their beginning: ${mirrored.map((n) => `"${n.text}"`).join(', ')}`);
          if (ctx.viewport === 'phone') check(cut.length > 0, 'no game name is cut on a phone, so the check above proved nothing');
          await ctx.shot('urdu-game-names');
        },
      },
      {
        name: 'the banner artwork in Urdu: words right to left',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          const src = await waitFor<string>(ctx, 'an Urdu banner image', `() => { var img = document.querySelector('img[src*="/assets/banner/"][src*="lang=ur"]'); return img && img.src; }`, [], 20_000);
          await ctx.engine.open(src);
          // Each Arabic-script text: its first letter's glyph drawn to the right of its last one's.
          const texts = await waitFor<{ text: string; first: number; last: number }[]>(ctx, 'the artwork', `() => Array.prototype.filter.call(document.querySelectorAll('text'), function (t) { return /[\\u0600-\\u06ff]/.test(t.textContent); }).map(function (t) {
            var n = t.getNumberOfChars();
            var centre = function (i) { var b = t.getExtentOfChar(i); return Math.round(b.x + b.width / 2); };
            return { text: t.textContent, first: centre(0), last: centre(n - 1) };
          })`);
          ctx.note(`${texts.length} Urdu texts`);
          // WebKit's SVG text DOM answers letter boxes in logical order, left to right, whatever it
          // draws (its screenshot shows the words right to left and joined): the check is Firefox's.
          const ltr = ctx.engine.name === 'webkit' ? [] : texts.filter((t) => !(t.first > t.last));
          check(ltr.length === 0, `Urdu drawn left to right: ${ltr.map((t) => `"${t.text}" first letter at x=${t.first}, last at x=${t.last}`).join('; ')}`);
          await ctx.shot('urdu-banner-artwork');
          await ctx.engine.run(`() => localStorage.setItem('hisLang', 'EN')`);
        },
      },
    ],
  },
  {
    name: 'registration',
    steps: [
      {
        name: 'register a new account',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/register`);
          await ctx.engine.run('() => sessionStorage.clear()');
          await ctx.engine.reload();
          const form = '[role="region"][aria-label="Registration form"], section[aria-label="Registration form"]';
          const username = `${ctx.engine.name.slice(0, 2)}${ctx.viewport.slice(0, 2)}${String(Date.now()).slice(-6)}`;
          await fill(ctx, 'Username', username, form);
          await fill(ctx, 'Password', 'Secret99', form);
          await fill(ctx, 'Confirm password', 'Secret99', form);
          await ctx.shot('form');
          await clickOn(ctx, 'Create my account', 'button', 'Create my account', form);
          await waitFor(ctx, 'the success dialog', `(u) => __bt.all('[role="dialog"]', 'Registered successfully').some(function (d) { return d.textContent.indexOf('Your account ' + u + ' is ready') >= 0; })`, [username], 20_000);
          await ctx.shot('registered');
          await clickOn(ctx, 'Confirm', 'button', 'Confirm', '[role="dialog"]');
          ctx.note(`balance ${await balanceShown(ctx)}`);
        },
      },
    ],
  },
  {
    name: 'login',
    steps: [
      {
        name: 'log in as player01',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          await ctx.engine.run('() => sessionStorage.clear()');
          await ctx.engine.reload();
          await clickOn(ctx, 'the Log in button', 'button', 'Log in', HEADER);
          const dialog = '[role="dialog"]';
          await expectVisible(ctx, 'the Log in dialog', dialog, 'Log in');
          await fill(ctx, 'Username', 'player01', dialog);
          await fill(ctx, 'Password', 'Passw0rd!', dialog);
          await clickOn(ctx, 'the dialog’s Log in button', 'button[type="submit"]', undefined, dialog, true);
          ctx.note(`balance ${await balanceShown(ctx)}`);
          await ctx.shot('logged-in');
        },
      },
    ],
  },
  {
    name: 'members centre',
    steps: [
      {
        name: 'a deposit',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/`);
          await balanceShown(ctx);
          await clickOn(ctx, 'the Deposit button', 'button', 'Deposit', HEADER);
          const dialog = '[role="dialog"]';
          await expectVisible(ctx, 'the Members centre', dialog, 'Members centre');
          await expectVisible(ctx, 'its menu', 'nav', 'Members centre menu', dialog);
          await clickOn(ctx, 'JazzCash', 'label', '/JazzCash/', dialog);
          await clickOn(ctx, '$100.00', 'button', '$100.00', dialog);
          await clickOn(ctx, 'Deposit now', 'button', 'Deposit now', dialog);
          await expectVisible(ctx, 'Deposit successful', '[role="status"]', '/Deposit successful/', dialog, 20_000);
          await noHorizontalOverflow(ctx);
          await ctx.shot('deposit');
        },
      },
    ],
  },
  {
    name: 'a game',
    steps: [
      {
        name: 'Fortune Tiger: a spin moves the balance',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/rng?page=PG`);
          const before = await balanceShown(ctx);
          await clickOn(ctx, 'Play Fortune Tiger', 'button', 'Play Fortune Tiger');
          await waitFor(ctx, 'the game page', `() => /\\/game\\?gameId=1001/.test(location.pathname + location.search)`);
          const frame = 'iframe[title="Fortune Tiger game"]';
          const box = await waitFor<number[]>(ctx, 'the game frame', `(css) => { var f = document.querySelector(css); var d = f && f.contentDocument; return d && d.readyState === 'complete' && Array.prototype.some.call(d.querySelectorAll('button'), function (b) { return b.textContent.trim() === 'Spin'; }) ? __bt.box(f) : null; }`, [frame], 25_000);
          check((box[2] ?? 0) > 300 && (box[3] ?? 0) > 300, `the game frame is only ${box[2]} x ${box[3]}`);
          ctx.note(`frame ${box[2]} x ${box[3]}`);
          await ctx.shot('game');
          // The demo game is the simulator's own page in a same-origin frame: its Spin is pressed there.
          await ctx.engine.run(`(css) => { var d = document.querySelector(css).contentDocument; Array.prototype.find.call(d.querySelectorAll('button'), function (b) { return b.textContent.trim() === 'Spin'; }).click(); }`, frame);
          await waitFor(ctx, 'the spin’s result', `(css) => { var s = document.querySelector(css).contentDocument.querySelector('[role="status"]'); return s && !/Choose a stake/.test(s.textContent); }`, [frame], 20_000);
          await ctx.shot('spun');
          await clickOn(ctx, 'Back', 'button', 'Back');
          const after = await waitFor<string>(ctx, 'the balance to move', `(before) => { var el = document.querySelector('[data-testid="balance-amount"]'); return el && el.textContent !== before && /\\d/.test(el.textContent) ? el.textContent : null; }`, [before], 20_000);
          ctx.note(`balance ${before} → ${after}`);
        },
      },
    ],
  },
  {
    name: 'maintenance following live',
    steps: [
      {
        name: 'maintenance comes and goes without a reload',
        async run(ctx) {
          await ctx.engine.open(`${ctx.base}/rng`);
          await expectVisible(ctx, 'the header', HEADER);
          // A marker that a reload would wipe.
          await ctx.engine.run('() => { window.__marker = 42; }');
          await ctx.sim.setStatus('maintenance');
          const t0 = Date.now();
          try {
            await expectVisible(ctx, 'the maintenance page', 'h1, h2', 'System Maintenance', undefined, 30_000);
            ctx.note(`maintenance shown after ${Date.now() - t0} ms`);
            await ctx.shot('maintenance');
          } finally {
            await ctx.sim.setStatus('normal');
          }
          const t1 = Date.now();
          await expectVisible(ctx, 'the header again', HEADER, undefined, undefined, 30_000);
          ctx.note(`header back after ${Date.now() - t1} ms`);
          check((await ctx.engine.run<number>('() => window.__marker')) === 42, 'the page reloaded instead of following the status live');
          await ctx.shot('back');
        },
      },
    ],
  },
];
