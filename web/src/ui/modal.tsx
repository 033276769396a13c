/**
 * The generic modal: closable by clicking outside, draggable by its
 * header, page scroll locked while open, open delay 100 ms. Also a focus trap, Escape to close,
 * focus returned to the opener, and role=dialog with aria-modal.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MODAL_OPEN_DELAY_MS } from '../config/constants';
import { lockScroll } from './scroll-lock';
import { SvgIcon } from './svg-icon';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Clicking the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  /** Header drag moves the dialog (default true). */
  draggable?: boolean;
  /** Hide the title visually (still labels the dialog). */
  hideTitle?: boolean;
  className?: string;
  /** Extra class on the body (padding-free layouts such as split panes). */
  bodyClassName?: string;
  /**
   * Where focus goes on close when the element that had it as the dialog opened is gone (or was the
   * page itself); without it focus is left to the browser, which puts it on the page's body.
   */
  returnFocus?: () => HTMLElement | null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  draggable = true,
  hideTitle = false,
  className,
  bodyClassName,
  returnFocus,
}: ModalProps) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocus;
  });

  // Open delay 100 ms; closing is immediate.
  useEffect(() => {
    if (!open) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), MODAL_OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  // Scroll lock, initial focus, focus restore.
  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const dialog = dialogRef.current;
    if (dialog) {
      const autofocus = dialog.querySelector<HTMLElement>('[data-autofocus]');
      const first = autofocus ?? focusables(dialog).find((el) => !el.classList.contains('modal__close') && !el.classList.contains('modal__body'));
      (first ?? dialog).focus();
    }
    return () => {
      unlock();
      setOffset({ x: 0, y: 0 });
      if (opener && opener !== document.body && document.contains(opener)) opener.focus();
      else returnFocusRef.current?.()?.focus();
    };
  }, [shown]);

  // A body that scrolls must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
  // when its content has nothing focusable of its own, as in a table of levels: it takes a tab
  // stop only while it overflows.
  const bodyRef = useRef<HTMLDivElement>(null);
  const [bodyScrolls, setBodyScrolls] = useState(false);
  useEffect(() => {
    const body = bodyRef.current;
    if (!shown || !body) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setBodyScrolls(body.scrollHeight > body.clientHeight + 1));
    };
    check();
    const resize = new ResizeObserver(check);
    resize.observe(body);
    const mutations = new MutationObserver(check);
    mutations.observe(body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      mutations.disconnect();
    };
  }, [shown]);

  if (!open || !shown) return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const startDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!draggable || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a, input, select, textarea')) return;
    const start = { x: event.clientX - offset.x, y: event.clientY - offset.y };
    const header = event.currentTarget;
    header.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => setOffset({ x: e.clientX - start.x, y: e.clientY - start.y });
    const end = () => {
      header.removeEventListener('pointermove', move);
      header.removeEventListener('pointerup', end);
      header.removeEventListener('pointercancel', end);
    };
    header.addEventListener('pointermove', move);
    header.addEventListener('pointerup', end);
    header.addEventListener('pointercancel', end);
  };

  return createPortal(
    <div
      className="modal__backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal--${size}${className ? ` ${className}` : ''}`}
        style={{ translate: `${offset.x}px ${offset.y}px` }}
        onKeyDown={onKeyDown}
      >
        <div
          className={`modal__header${draggable ? ' modal__header--draggable' : ''}${hideTitle ? ' modal__header--bare' : ''}`}
          onPointerDown={startDrag}
        >
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={t('close')} onClick={() => onCloseRef.current()}>
            <SvgIcon d="M6 6l12 12M18 6L6 18" size={20} strokeWidth={2} />
          </button>
        </div>
        <div ref={bodyRef} className={`modal__body${bodyClassName ? ` ${bodyClassName}` : ''}`} tabIndex={bodyScrolls ? 0 : undefined}>
          {children}
        </div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
