/** Page scroll lock shared by every open modal: counted, so nested modals unlock only at the end. */
let locks = 0;
let saved = { rootOverflow: '', overflow: '', paddingInlineEnd: '' };

export function lockScroll(): () => void {
  if (locks === 0) {
    const root = document.documentElement;
    const body = document.body;
    const gap = window.innerWidth - root.clientWidth;
    saved = { rootOverflow: root.style.overflow, overflow: body.style.overflow, paddingInlineEnd: body.style.paddingInlineEnd };
    // The window scrolls by the root's overflow when the root sets one, as the stylesheet does
    // (the scrollbar always there), and by the body's otherwise: both are locked.
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    // Keep the layout from jumping when the scrollbar disappears.
    if (gap > 0) body.style.paddingInlineEnd = `${gap}px`;
    body.dataset.scrollLocked = 'true';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      document.documentElement.style.overflow = saved.rootOverflow;
      document.body.style.overflow = saved.overflow;
      document.body.style.paddingInlineEnd = saved.paddingInlineEnd;
      delete document.body.dataset.scrollLocked;
    }
  };
}
