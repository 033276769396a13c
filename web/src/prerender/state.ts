/**
 * What a pre-rendered page carries for the app that hydrates over it
 * (docs/decisions/026-first-screen-in-the-html.md): the language and runtime config it was rendered
 * with and the React Query cache (dehydrated), in a JSON data block that
 * the Content Security Policy needs no hash for (it is never executed).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { RuntimeConfig } from '../app/runtime-config';

export const STATE_ELEMENT_ID = 'prerendered-state';

/** `<html data-prerendered="UR">`: the language code the page was rendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Set by index.html's inline script when this visitor must not be shown the pre-rendered page. */
export const PLAIN_ATTRIBUTE = 'data-plain';

export interface PrerenderedState {
  /** Gateway language code (EN, UR, …). */
  language: string;
  /** The path rendered. */
  path: string;
  config: RuntimeConfig;
  /** Loader data of the router: always empty, the app's router has no loaders (docs/decisions/035-initial-javascript-under-the-goals.md). */
  loaderData: Record<string, unknown>;
  queries: DehydratedState;
}

/** `<` escaped so that no text of the data can close the script element. */
export function serializeState(state: PrerenderedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * The state of a pre-rendered page this visitor may hydrate, or null: no page, a page for another
 * path (the service worker's cached shell is plain), or one the inline script turned down.
 */
export function readPrerenderedState(doc: Document, pathname: string): PrerenderedState | null {
  const root = doc.documentElement;
  if (!root.hasAttribute(PRERENDERED_ATTRIBUTE) || root.hasAttribute(PLAIN_ATTRIBUTE)) return null;
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as PrerenderedState;
    return state.path === pathname ? state : null;
  } catch {
    return null;
  }
}
