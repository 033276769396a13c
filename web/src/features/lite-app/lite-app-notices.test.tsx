// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../../testing/setup';
import { reachability } from '../../api/reachability';
import { LiteAppNotices } from './lite-app-notices';
import { swStore } from './sw-state';

setupDomTests();

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  act(() => setOnline(true));
  act(() => reachability.set({ unreachable: false }));
  swStore.set({ needRefresh: false, update: null });
});

describe('LiteAppNotices', () => {
  it('shows the offline notice while the browser is offline, and drops it on reconnecting', () => {
    render(<LiteAppNotices />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-notice').textContent).toContain('You are offline');
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('lets the player hide the offline notice, which shows again the next time the connection goes', () => {
    render(<LiteAppNotices />);
    act(() => setOnline(false));
    fireEvent.click(screen.getByRole('button', { name: 'Hide the notice' }));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => setOnline(true));
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-notice').textContent).toContain('You are offline');
  });

  it('shows the offline notice while the backend cannot be reached, though the browser says it is online', () => {
    render(<LiteAppNotices />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => reachability.set({ unreachable: true }));
    expect(screen.getByTestId('offline-notice').textContent).toContain('You are offline');
    act(() => reachability.set({ unreachable: false }));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('offers the waiting build only when one is ready, and switches to it on Reload', () => {
    const update = vi.fn();
    render(<LiteAppNotices />);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => swStore.set({ needRefresh: true, update }));
    expect(screen.getByText('A new version of the site is ready.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledTimes(1);
  });
});
