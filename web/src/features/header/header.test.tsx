// @vitest-environment happy-dom
/**
 * Header, logged out: Free demo keeps the focus while the trial session is being opened (busy, not
 * disabled, which would drop the focus to the page).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests } from '../../testing/render';
import { Header } from './header';

setupComponentTests();

let demoCalls = 0;
beforeEach(() => {
  demoCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      if (path === '/wps/session/login/freeplay') {
        demoCalls += 1;
        return new Promise<Response>(() => {});
      }
      return Promise.resolve(Response.json({ success: true, value: [] }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('keeps the focus on Free demo while the demo starts', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header showLogo />, { flags: { FREEPLAY3: true } });
    const demo = screen.getByRole('button', { name: 'Free demo' });
    await user.click(demo);

    await waitFor(() => expect(demo.getAttribute('aria-disabled')).toBe('true'));
    expect((demo as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(demo);
    await waitFor(() => expect(demoCalls).toBe(1));
    expect(document.activeElement).toBe(demo);
  });
});
