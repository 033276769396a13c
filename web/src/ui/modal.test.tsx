// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_OPEN_DELAY_MS } from '../config/constants';
import { setupDomTests } from '../testing/setup';
import { Modal } from './modal';

setupDomTests();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderModal(props: { open?: boolean; closeOnBackdrop?: boolean } = {}) {
  const onClose = vi.fn();
  const view = (open: boolean) => (
    <>
      <button type="button">opener</button>
      <Modal open={open} onClose={onClose} title="Notice" closeOnBackdrop={props.closeOnBackdrop}>
        <input aria-label="Inside" />
      </Modal>
    </>
  );
  const result = render(view(props.open ?? true));
  const shown = () => act(() => vi.advanceTimersByTime(MODAL_OPEN_DELAY_MS));
  return { onClose, shown, rerender: (open: boolean) => result.rerender(view(open)), unmount: result.unmount };
}

describe('Modal', () => {
  it('opens after the 100 ms delay, not before', () => {
    renderModal();
    expect(MODAL_OPEN_DELAY_MS).toBe(100);
    act(() => vi.advanceTimersByTime(MODAL_OPEN_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The first field inside takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Inside'));
  });

  it('closes on Escape', () => {
    const { onClose, shown } = renderModal();
    shown();
    fireEvent.keyDown(screen.getByLabelText('Inside'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click outside, not on one inside, and not at all when told so', () => {
    const { onClose, shown } = renderModal();
    shown();
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps its backdrop inert to clicks with closeOnBackdrop false', () => {
    const { onClose, shown } = renderModal({ closeOnBackdrop: false });
    shown();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks the page scroll while open and gives it back, with the focus, on close', () => {
    const { shown, rerender } = renderModal({ open: false });
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    rerender(true);
    expect(document.body.style.overflow).toBe('');
    shown();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.dataset.scrollLocked).toBe('true');
    rerender(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.body.dataset.scrollLocked).toBeUndefined();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus to returnFocus on close when its opener is gone', () => {
    const target = document.createElement('div');
    target.tabIndex = -1;
    document.body.append(target);
    const view = (open: boolean, withOpener: boolean) => (
      <>
        {withOpener ? <button type="button">opener</button> : null}
        <Modal open={open} onClose={vi.fn()} title="Notice" returnFocus={() => target}>
          <input aria-label="Inside" />
        </Modal>
      </>
    );
    const result = render(view(false, true));
    screen.getByRole('button', { name: 'opener' }).focus();
    result.rerender(view(true, true));
    act(() => vi.advanceTimersByTime(MODAL_OPEN_DELAY_MS));
    // The opener goes while the dialog is open (the header's Log in button once logged in).
    result.rerender(view(true, false));
    result.rerender(view(false, false));
    expect(document.activeElement).toBe(target);
    target.remove();
  });

  it('closes with its close button', () => {
    const { onClose, shown } = renderModal();
    shown();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
