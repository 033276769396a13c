/**
 * The few browser globals the app's modules read outside of effects, for rendering in Node: Web
 * Storage kept in memory (a visitor has nothing saved), `window` as the global object (timers) and a
 * `location` the renderer points at the page it renders, and `Request` taking a path as a browser
 * does (against the origin the API calls go to). No DOM: React renders to a string.
 */
class MemoryStorage {
  #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
}

const globals = globalThis as Record<string, unknown>;
for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true, writable: true });
}
globals.window ??= globalThis;
Object.defineProperty(globalThis, 'location', { value: new URL('http://localhost/'), configurable: true, writable: true });

/** Point `location` at the page being rendered (permission asks for its host). */
export function setLocation(url: string): void {
  Object.defineProperty(globalThis, 'location', { value: new URL(url), configurable: true, writable: true });
}

/** A fresh visitor for every page: nothing saved. */
export function clearStorage(): void {
  (globals.localStorage as MemoryStorage).clear();
  (globals.sessionStorage as MemoryStorage).clear();
}

let apiOrigin = 'http://localhost/';
const NativeRequest = globalThis.Request;
/** As in a browser, `new Request('/wps/…')` is relative to the page: here, to the server rendered from. */
class PageRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, apiOrigin) : input, init);
  }
}
globalThis.Request = PageRequest;

/** Where same-origin API calls go while rendering (the running simulator or gateway). */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}
