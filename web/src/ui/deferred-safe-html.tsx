/**
 * Server-supplied HTML on a page's first screen (help, promotions): `SafeHtml` (ui/safe-html.tsx,
 * DOMPurify, 11 KB gzip) as a deferred part (docs/decisions/039-deferred-hydration.md). A pre-rendered
 * page already carries the sanitised HTML, so DOMPurify is not needed to show it and loads after the
 * rest of the page; a render from scratch waits for it as before. The fallback (only if the part is
 * rendered anew before its chunk is in) is the same element, empty: nothing unsanitised is ever shown.
 */
import { deferredPart } from '../lib/lazy';

export const SafeHtml = deferredPart(
  () => import('./safe-html').then((m) => m.SafeHtml),
  ({ className }: { html: string; className?: string }) => (
    <div dir="auto" className={`rich-text${className ? ` ${className}` : ''}`} />
  ),
);
