/**
 * Alert and confirm dialogs on top of Modal, callable from anywhere (`await confirmDialog(...)`),
 * rendered by one <DialogHost/>. Used for sign-out confirmation and the catalogue's warning
 * dialogs ('in_need_true_account', SMS failures, ...).
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadable, registerIdlePreload } from '../lib/lazy';
import { createStore, useStore } from '../lib/store';

/**
 * Modal is a chunk of its own, out of the initial JavaScript (docs/decisions/039-deferred-hydration.md):
 * fetched when the page is idle, or as the first dialog opens.
 */
const Modal = preloadable(() => import('./modal').then((m) => m.Modal));
registerIdlePreload(Modal.preload);

export interface DialogOptions {
  title: ReactNode;
  message: ReactNode;
  confirmText?: ReactNode;
  /** Present: a confirm dialog with a cancel button; absent: an alert with one button. */
  cancelText?: ReactNode;
  tone?: 'info' | 'warning' | 'danger';
}

interface OpenDialog extends DialogOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const dialogStore = createStore<{ stack: OpenDialog[] }>({ stack: [] });
let nextId = 1;

function show(options: DialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    void Modal.preload().catch(() => {});
    dialogStore.set((s) => ({ stack: [...s.stack, { ...options, id, resolve }] }));
  });
}

function settle(id: number, ok: boolean): void {
  const dialog = dialogStore.get().stack.find((d) => d.id === id);
  dialogStore.set((s) => ({ stack: s.stack.filter((d) => d.id !== id) }));
  dialog?.resolve(ok);
}

/** An alert with one confirm button; resolves when closed. */
export function alertDialog(options: Omit<DialogOptions, 'cancelText'>): Promise<boolean> {
  return show(options);
}

/** A confirm dialog; resolves true on confirm, false on cancel or dismiss. */
export function confirmDialog(options: DialogOptions & { cancelText: ReactNode }): Promise<boolean> {
  return show(options);
}

/** Close every open dialog as dismissed (logout, status change). */
export function dismissAllDialogs(): void {
  for (const d of dialogStore.get().stack) settle(d.id, false);
}

export function DialogHost() {
  const { t } = useTranslation('common');
  const stack = useStore(dialogStore, (s) => s.stack);
  return (
    <>
      {stack.map((d) => (
        <Suspense key={d.id} fallback={null}>
          <Modal.Component
            open
            size="sm"
            title={d.title}
            onClose={() => settle(d.id, false)}
            className={`dialog dialog--${d.tone ?? 'info'}`}
            footer={
              <>
                {d.cancelText !== undefined ? (
                  <button type="button" className="btn btn--ghost" onClick={() => settle(d.id, false)}>
                    {d.cancelText}
                  </button>
                ) : null}
                <button
                  type="button"
                  className={`btn ${d.tone === 'danger' ? 'btn--danger' : 'btn--primary'}`}
                  data-autofocus
                  onClick={() => settle(d.id, true)}
                >
                  {d.confirmText ?? t('confirm')}
                </button>
              </>
            }
          >
            <div className="dialog__message">{d.message}</div>
          </Modal.Component>
        </Suspense>
      ))}
    </>
  );
}
