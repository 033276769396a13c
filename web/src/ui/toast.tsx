/** Short notices in a polite live region (`toast.success(text)`), rendered by <ToastHost/>. */
import type { ReactNode } from 'react';
import { createStore, useStore } from '../lib/store';
import './toast.css';

type Tone = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  tone: Tone;
  text: ReactNode;
}

const toastStore = createStore<{ items: Toast[] }>({ items: [] });
let nextId = 1;
const DURATION_MS = 3_500;

function push(tone: Tone, text: ReactNode): void {
  const id = nextId++;
  toastStore.set((s) => ({ items: [...s.items.slice(-3), { id, tone, text }] }));
  window.setTimeout(() => toastStore.set((s) => ({ items: s.items.filter((t) => t.id !== id) })), DURATION_MS);
}

export const toast = {
  info: (text: ReactNode) => push('info', text),
  success: (text: ReactNode) => push('success', text),
  error: (text: ReactNode) => push('error', text),
};

export function ToastHost() {
  const items = useStore(toastStore, (s) => s.items);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
