/**
 * Side-menu flyouts: a panel beside the hovered (or keyboard-opened) entry, fixed-positioned so the
 * scrolling menu does not clip it (the menu must not get a transform or filter for that). Closes after the dropdown close delay (200 ms) once the pointer
 * has left both the entry and the panel.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../config/constants';

export interface FlyoutState {
  id: string | null;
  top: number;
  anchor: HTMLElement | null;
  /** Opened from the keyboard: focus moves to the panel's first control once it is rendered. */
  focusInside?: boolean;
}

/**
 * `hover`: whether pointing at an entry opens its flyout (desktop and tablets). In the
 * phone drawer it is off: a tap on a category goes to its page, and only the entries whose button
 * opens a flyout on click (language, customer service) show one.
 */
export function useFlyout(hover = true) {
  const [state, setState] = useState<FlyoutState>({ id: null, top: 0, anchor: null });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const open = useCallback((id: string, anchor: HTMLElement, focusInside = false) => {
    window.clearTimeout(timer.current);
    setState({ id, top: anchor.getBoundingClientRect().top, anchor, focusInside });
  }, []);
  const scheduleClose = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState((s) => ({ ...s, id: null })), DROPDOWN_CLOSE_DELAY_MS);
  }, []);
  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setState((s) => ({ ...s, id: null }));
  }, []);

  /**
   * Props for an entry's <li>. Hover opens its flyout, and so do a click or Enter on an entry that is
   * a button; ArrowRight (ArrowLeft in right-to-left) opens it from the keyboard and moves focus into
   * it. Focus alone does not: Tab goes from entry to entry, so a keyboard user
   * reaches "Log in" in a handful of presses instead of walking through every vendor.
   */
  const anchorProps = (id: string) => ({
    onMouseEnter: hover ? (e: React.MouseEvent<HTMLElement>) => open(id, e.currentTarget) : undefined,
    onMouseLeave: hover ? scheduleClose : undefined,
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      const next = e.relatedTarget as Node | null;
      if (next && e.currentTarget.contains(next)) return;
      scheduleClose();
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Escape') {
        close();
        return;
      }
      const inward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      // Only from the entry itself: arrows inside an open panel are the panel's own.
      if (e.key !== inward || e.target !== e.currentTarget.querySelector('a, button')) return;
      e.preventDefault();
      // The panel moves focus to its first control when it commits (not on a timer or a frame, which
      // a busy phone can reach before the panel is rendered).
      open(id, e.currentTarget, true);
    },
  });

  return { state, open, close, scheduleClose, cancelClose, anchorProps };
}

export function FlyoutPanel({
  id,
  flyout,
  label,
  children,
  width,
}: {
  id: string;
  flyout: ReturnType<typeof useFlyout>;
  label: string;
  children: ReactNode;
  width?: number;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(flyout.state.top);
  const visible = flyout.state.id === id;

  // Opened from the keyboard: focus goes to the panel's first control as soon as it is in the page.
  useLayoutEffect(() => {
    if (visible && flyout.state.focusInside) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [visible, flyout.state.focusInside]);

  // Keep the panel inside the viewport.
  useEffect(() => {
    if (!visible) return;
    const height = panelRef.current?.offsetHeight ?? 0;
    setTop(Math.max(8, Math.min(flyout.state.top - 8, window.innerHeight - height - 8)));
  }, [visible, flyout.state.top]);

  if (!visible) return null;
  const menu = flyout.state.anchor?.closest('.side-menu');
  const inlineStart = menu ? (document.documentElement.dir === 'rtl' ? window.innerWidth - menu.getBoundingClientRect().left : menu.getBoundingClientRect().right) : 0;

  // Rendered inside the entry (position: fixed) so Tab reaches its links right after the entry.
  return (
    <div
      ref={panelRef}
      id={`flyout-${id}`}
      className="flyout"
      role="region"
      aria-label={label}
      style={{ top, insetInlineStart: inlineStart + 6, inlineSize: width }}
      onMouseEnter={flyout.cancelClose}
      onMouseLeave={flyout.scheduleClose}
      onFocus={flyout.cancelClose}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (next && (e.currentTarget.contains(next) || flyout.state.anchor?.contains(next))) return;
        flyout.scheduleClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          flyout.close();
          flyout.state.anchor?.querySelector<HTMLElement>('a, button')?.focus();
        }
      }}
    >
      {children}
    </div>
  );
}
