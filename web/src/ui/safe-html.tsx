/**
 * Server-supplied HTML (announcements, promotions, help) rendered only after DOMPurify
 * so no script or handler in it ever runs. Import this only from lazy chunks so DOMPurify stays out of the initial JS (a page's first screen uses ui/deferred-safe-html.tsx).
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Links from server HTML open safely in a new tab.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')?.startsWith('http')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

/**
 * `dir="auto"`: server text reads in its own direction, so an English item shown on an Urdu page (the
 * per-item English fallback, ADR 015) keeps its left-to-right order, and Urdu text its right-to-left one.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div dir="auto" className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
