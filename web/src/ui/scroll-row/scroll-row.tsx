/**
 * A row that scrolls sideways and says when it hides content (ADR 020): at each end that
 * has more, a fade over the content and an arrow button that scrolls by most of the row's width.
 * Neither shows when everything fits; both mirror in right-to-left pages. The arrows are ordinary
 * buttons in the tab order; a link or tab inside the row that takes focus is scrolled into view by
 * the browser, clear of the arrows (scroll-padding in scroll-row.css).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { revealInRow, useScrollCues, type ScrollSide } from './use-scroll-cues';
import './scroll-row.css';

export interface ScrollRowProps {
  children: ReactNode;
  /** Classes of the outer box (it holds the arrows and sizes the row). */
  className?: string;
  /** Classes of the scroller itself (its gap, padding, scroll snapping, scrollbar). */
  viewportClassName?: string;
  /** Attributes of the scroller, e.g. a role, name and tabIndex when it is a region of its own. */
  viewportProps?: Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'id' | 'children'>;
  /** Smaller arrows for a slim row such as the header's category bar. */
  size?: 'sm' | 'md';
  /**
   * When this changes (a route, a selected tab), the row's current item (`aria-current="page"` or
   * `aria-selected="true"`) is scrolled into view: a chosen category is never left out of sight.
   */
  revealKey?: unknown;
}

export function ScrollRow({
  children,
  className,
  viewportClassName,
  viewportProps,
  size = 'md',
  revealKey,
}: ScrollRowProps) {
  const { t } = useTranslation('common');
  const viewport = useRef<HTMLDivElement>(null);
  const { start, end, rtl, scrollTowards } = useScrollCues(viewport);
  const id = useId();
  const buttons = { start: useRef<HTMLButtonElement>(null), end: useRef<HTMLButtonElement>(null) };
  const focused = useRef<ScrollSide | null>(null);

  // An arrow that reaches its end disappears; a keyboard user pressing it keeps their place by
  // landing on the arrow that leads back instead of on the page's body.
  useLayoutEffect(() => {
    const leaving: ScrollSide | null =
      !end && focused.current === 'end'
        ? 'end'
        : !start && focused.current === 'start'
          ? 'start'
          : null;
    if (!leaving) return;
    const other = leaving === 'end' ? buttons.start.current : buttons.end.current;
    if (other && !other.hidden) other.focus();
    // The refs are stable; only the cues decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, end]);

  useEffect(() => {
    const el = viewport.current;
    const current = el?.querySelector('[aria-current="page"], [aria-selected="true"]');
    if (el && current) revealInRow(el, current, size === 'sm' ? 36 : 48);
  }, [revealKey, size]);

  // The arrows are named by the way they move the content on screen.
  const label = (side: ScrollSide) =>
    (side === 'start') !== rtl ? t('scroll_left') : t('scroll_right');
  const arrow = (side: ScrollSide, shown: boolean) => (
    <button
      ref={buttons[side]}
      type="button"
      className={`scroll-row__arrow scroll-row__arrow--${side}`}
      hidden={!shown}
      aria-controls={id}
      aria-label={label(side)}
      data-side={side}
      onClick={() => scrollTowards(side)}
      onFocus={() => (focused.current = side)}
      onBlur={() => (focused.current = null)}
    >
      <Icon name={side === 'start' ? 'arrow' : 'chevron'} size={size === 'sm' ? 16 : 20} />
    </button>
  );

  return (
    <div
      className={`scroll-row scroll-row--${size}${className ? ` ${className}` : ''}`}
      data-overflow-start={start || undefined}
      data-overflow-end={end || undefined}
    >
      {arrow('start', start)}
      <div
        {...viewportProps}
        ref={viewport}
        id={id}
        className={`scroll-row__viewport${viewportClassName ? ` ${viewportClassName}` : ''}`}
      >
        {children}
      </div>
      {arrow('end', end)}
    </div>
  );
}
