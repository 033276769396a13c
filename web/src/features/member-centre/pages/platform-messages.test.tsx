// @vitest-environment happy-dom
/**
 * Platform information: a message the player opens is brought into view (on a phone the reader is
 * under the list, below the screen); the first message, which opens by itself, moves nothing.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests } from '../../../testing/render';
import type { Message } from '../types';
import { PlatformMessagesPage } from './platform-messages';

setupComponentTests();

const message = (id: number, title: string): Message =>
  ({ id, title, content: `<p>${title} in full</p>`, timestamp: Date.UTC(2026, 10, id), read: true }) as Message;

const MESSAGES = { list: [message(2, 'Welcome'), message(1, 'Maintenance')], totalPages: 1, totalCount: 2 };

const scrollIntoView = Element.prototype.scrollIntoView;
let scrolled: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // Every call answers the two messages (the list; marking one read answers nothing it reads).
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: true, value: MESSAGES }))));
  scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
});
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('PlatformMessagesPage', () => {
  it('brings the message the player opens into view, and not the one that opens by itself', async () => {
    renderWithApp(<PlatformMessagesPage />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(scrolled).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /Maintenance/ }));
    const reader = (await screen.findByRole('heading', { name: 'Maintenance' })).closest('article')!;
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(reader);
    expect(scrolled.mock.calls[0]?.[0]).toMatchObject({ block: 'nearest' });
  });
});
