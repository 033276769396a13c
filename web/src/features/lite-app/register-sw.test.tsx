// @vitest-environment happy-dom
/**
 * The update prompt against a stand-in Workbox and service-worker container: the prompt appears only
 * when a new build waits while an older one controls the page, and Reload always ends in a reload
 * (docs/decisions/027-every-engine.md).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../../testing/setup';
import { LiteAppNotices } from './lite-app-notices';
import { swStore } from './sw-state';

/** A service worker: its lifecycle state, and the messages the page posted to it. */
class FakeWorker extends EventTarget {
  readonly scriptURL = 'http://localhost/sw.js';
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** navigator.serviceWorker: the controller, and controllerchange when it changes. */
class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = { installing: null as FakeWorker | null, waiting: null as FakeWorker | null, active: null as FakeWorker | null };
  register = vi.fn(async () => this.registration);
  getRegistration = vi.fn(async () => this.registration);
  setController(worker: FakeWorker): void {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

type Listener = (event: Record<string, unknown>) => void;

/** workbox-window's Workbox as the page sees it: lifecycle events it dispatches, register, skip waiting. */
class FakeWorkbox {
  static last: FakeWorkbox | null = null;
  private readonly listeners = new Map<string, Listener[]>();
  constructor(readonly scriptURL: string) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((l) => l !== listener));
  }
  emit(type: string, props: Record<string, unknown>): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ type, target: this, ...props });
  }
  async register(): Promise<unknown> {
    return container.registration;
  }
  messageSkipWaiting(): void {
    container.registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

let container: FakeContainer;

setupDomTests();

beforeEach(() => {
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, get: () => container });
  FakeWorkbox.last = null;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  swStore.set({ needRefresh: false, update: null });
});

/** Registers as main.tsx does and waits until the stand-in Workbox exists and has registered. */
async function start(reload: () => void): Promise<FakeWorkbox> {
  const { registerServiceWorker } = await import('./register-sw');
  await act(async () => {
    registerServiceWorker({ reload });
    await vi.waitFor(() => expect(FakeWorkbox.last).not.toBeNull());
    await Promise.resolve();
  });
  return FakeWorkbox.last!;
}

describe('the update prompt', () => {
  it('stays hidden while the first build installs, when nothing controls the page yet', async () => {
    // Firefox: a reload during the first install finds that worker briefly waiting; Workbox calls
    // it "waiting" (and "installed", external) though no older build runs the page.
    render(<LiteAppNotices />);
    const wb = await start(vi.fn());
    const first = new FakeWorker('installed');
    container.registration.waiting = first;
    act(() => {
      wb.emit('installed', { sw: first, isExternal: true });
      wb.emit('waiting', { sw: first, wasWaitingBeforeRegister: true });
    });
    expect(screen.queryByText('A new version of the site is ready.')).toBeNull();
    expect(swStore.get().needRefresh).toBe(false);
  });

  it('offers a new build waiting behind the one in control, and Reload switches to it and reloads', async () => {
    const old = new FakeWorker('activated');
    container.controller = old;
    container.registration.active = old;
    const reload = vi.fn();
    render(<LiteAppNotices />);
    const wb = await start(reload);
    const next = new FakeWorker('installed');
    container.registration.waiting = next;
    act(() => wb.emit('waiting', { sw: next, isUpdate: true }));
    expect(screen.getByText('A new version of the site is ready.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await act(async () => Promise.resolve());
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    // The new build activates and takes over the page: then, and only once, the page reloads.
    act(() => {
      next.moveTo('activating');
      container.registration.waiting = null;
      container.registration.active = next;
      container.setController(next);
      wb.emit('controlling', { sw: next, isUpdate: true, isExternal: false });
      next.moveTo('activated');
    });
    expect(reload).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Reload still reloads when the waiting build has meanwhile taken over elsewhere', async () => {
    const old = new FakeWorker('activated');
    container.controller = old;
    const reload = vi.fn();
    render(<LiteAppNotices />);
    const wb = await start(reload);
    const next = new FakeWorker('installed');
    container.registration.waiting = next;
    act(() => wb.emit('waiting', { sw: next, isUpdate: true }));
    // Another tab accepted the same build: it is active now and nothing waits any more.
    act(() => {
      next.moveTo('activated');
      container.registration.waiting = null;
      container.registration.active = next;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Reload reloads even when the new build never takes control', async () => {
    const old = new FakeWorker('activated');
    container.controller = old;
    const reload = vi.fn();
    render(<LiteAppNotices />);
    const wb = await start(reload);
    const next = new FakeWorker('installed');
    container.registration.waiting = next;
    act(() => wb.emit('waiting', { sw: next, isUpdate: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a page that already runs the waiting build', () => {
  /** The page's entry script, as a production page's HTML names it. */
  const ENTRY = '/static/index-Ab12Cd34.js';
  /** The generated worker's precache list, as vite-plugin-pwa writes it. */
  const workerOf = (entry: string) =>
    `define(["./workbox-1"],(function(e){e.precacheAndRoute([{url:"${entry}",revision:null},{url:"index.html",revision:"f6c2"}],{})}));`;

  beforeEach(() => {
    // Scripts inserted as markup never run, so the test DOM does not try to load the file.
    document.head.insertAdjacentHTML('beforeend', `<script type="module" crossorigin src="${ENTRY}"></script>`);
  });

  afterEach(() => {
    document.head.querySelector('script[type="module"][src]')?.remove();
    vi.unstubAllGlobals();
  });

  /** A new build waiting behind the one in control, its script answering `body` (or failing). */
  async function newBuildWaits(body: string | Error): Promise<{ fetched: ReturnType<typeof vi.fn> }> {
    const fetched = vi.fn(async () => {
      if (body instanceof Error) throw body;
      return new Response(body, { status: 200 });
    });
    vi.stubGlobal('fetch', fetched);
    container.controller = new FakeWorker('activated');
    render(<LiteAppNotices />);
    const wb = await start(vi.fn());
    const next = new FakeWorker('installed');
    container.registration.waiting = next;
    await act(async () => {
      wb.emit('waiting', { sw: next, isUpdate: true });
      await vi.advanceTimersByTimeAsync(50);
    });
    return { fetched };
  }

  it('is not offered it: the waiting worker lists the page\'s own entry script', async () => {
    const { fetched } = await newBuildWaits(workerOf('static/index-Ab12Cd34.js'));
    expect(fetched).toHaveBeenCalledWith('http://localhost/sw.js', { cache: 'no-store' });
    expect(screen.queryByText('A new version of the site is ready.')).toBeNull();
    expect(swStore.get().needRefresh).toBe(false);
  });

  it('is offered a build whose worker lists another entry script', async () => {
    await newBuildWaits(workerOf('static/index-Zz99Yy88.js'));
    expect(screen.getByText('A new version of the site is ready.')).toBeTruthy();
  });

  it('is offered the new build when the worker script cannot be read (offline)', async () => {
    await newBuildWaits(new TypeError('Failed to fetch'));
    expect(screen.getByText('A new version of the site is ready.')).toBeTruthy();
  });
});

describe('listsEntry', () => {
  it('matches the entry path as a quoted precache URL, not as part of another name', async () => {
    const { listsEntry } = await import('./register-sw');
    expect(listsEntry('[{url:"static/index-Ab12.js",revision:null}]', '/static/index-Ab12.js')).toBe(true);
    expect(listsEntry('[{url:"static/index-Ab12.js",revision:null}]', 'http://localhost/static/index-Ab12.js')).toBe(true);
    expect(listsEntry('[{url:"static/xindex-Ab12.js.map",revision:null}]', '/static/index-Ab12.js')).toBe(false);
    expect(listsEntry('[{url:"static/index-Ab12.js",revision:null}]', '/')).toBe(false);
  });
});
