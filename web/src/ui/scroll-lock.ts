/** Page scroll lock shared by every open modal: counted, so nested modals unlock only at the end. */
let locks = 0;
let saved = { rootOverflow: '', overflow: '', paddingRight: '' };

export function lockScroll(): () => void {
  if (locks === 0) {
    const root = document.documentElement;
    const body = document.body;
    const gap = window.innerWidth - root.clientWidth;
    saved = { rootOverflow: root.style.overflow, overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // The window scrolls by the root's overflow when the root sets one, as the stylesheet does
    // (the scrollbar always there), and by the body's otherwise: both are locked.
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    // Keep the layout from jumping when the scrollbar disappears: its room is made up on the right,
    // where Chromium, Firefox and WebKit draw the page's scrollbar whatever the page's direction
    // (at the inline end, a right-to-left page would move sideways by the scrollbar's width).
    // What is fixed to the right edge moves in by the same width where its stylesheet reads
    // `--scrollbar-gap` (the side menu of a right-to-left page).
    if (gap > 0) {
      body.style.paddingRight = `${gap}px`;
      root.style.setProperty('--scrollbar-gap', `${gap}px`);
    }
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
      document.body.style.paddingRight = saved.paddingRight;
      document.documentElement.style.removeProperty('--scrollbar-gap');
      delete document.body.dataset.scrollLocked;
    }
  };
}
