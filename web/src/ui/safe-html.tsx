/**
 * Server-supplied HTML (announcements, promotions, help) rendered only after DOMPurify
 * (design.md "Web app"). Import this only from lazy chunks so DOMPurify stays out of the initial JS.
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

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
