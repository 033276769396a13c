/** Page scroll lock shared by every open modal: counted, so nested modals unlock only at the end. */
let locks = 0;
let saved = { rootOverflow: '', overflow: '', paddingLeft: '', paddingRight: '' };

export function lockScroll(): () => void {
  if (locks === 0) {
    const root = document.documentElement;
    const body = document.body;
    const gap = window.innerWidth - root.clientWidth;
    // Read while the scrollbar is still there.
    const side = root.clientLeft >= gap ? 'left' : 'right';
    saved = { rootOverflow: root.style.overflow, overflow: body.style.overflow, paddingLeft: body.style.paddingLeft, paddingRight: body.style.paddingRight };
    // The window scrolls by the root's overflow when the root sets one, as the stylesheet does
    // (the scrollbar always there), and by the body's otherwise: both are locked.
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    // Keep the layout from jumping when the scrollbar disappears: its room is made up on the side
    // it was drawn, not at the inline end. Chromium draws it on the right whatever the page's
    // direction, and Firefox too unless set to draw it on the left (a right-to-left interface),
    // where the root's client area starts after it (`clientLeft`, read above). What is fixed to
    // that edge moves in by the same width where its stylesheet reads `--scrollbar-gap-left` or
    // `--scrollbar-gap-right` (the desktop side menu).
    if (gap > 0) {
      body.style.setProperty(`padding-${side}`, `${gap}px`);
      root.style.setProperty(`--scrollbar-gap-${side}`, `${gap}px`);
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
      document.body.style.paddingLeft = saved.paddingLeft;
      document.body.style.paddingRight = saved.paddingRight;
      document.documentElement.style.removeProperty('--scrollbar-gap-left');
      document.documentElement.style.removeProperty('--scrollbar-gap-right');
      delete document.body.dataset.scrollLocked;
    }
  };
}
