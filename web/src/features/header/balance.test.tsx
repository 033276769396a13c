// @vitest-environment happy-dom
/**
 * Balance chip: the refresh button keeps the focus while the balance refreshes (it stays in the
 * chip, so the focus stays on it when the new balance shows).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../testing/render';
import { Balance } from './balance';

setupComponentTests();

let balanceAnswers: Array<() => void> = [];
let sumBalance = 100;
beforeEach(() => {
  balanceAnswers = [];
  sumBalance = 100;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/v2/wallets/balance')
        return new Promise<Response>((resolve) =>
          balanceAnswers.push(() => resolve(answer({ sumBalance, wallets: [] }))),
        );
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Balance', () => {
  it('keeps the focus on Refresh balance while it refreshes and when the new balance shows', async () => {
    const user = userEvent.setup();
    renderWithApp(<Balance />);
    await waitFor(() => expect(balanceAnswers).toHaveLength(1));
    balanceAnswers[0]!();
    const amount = screen.getByTestId('balance-amount');
    await waitFor(() => expect(amount.textContent).toContain('100'));

    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    sumBalance = 250;
    await user.click(refresh);
    await waitFor(() => expect(balanceAnswers).toHaveLength(2));
    expectBusyWithFocus(refresh);

    // A press while it refreshes does not ask again.
    await user.click(refresh);
    expect(balanceAnswers).toHaveLength(2);

    balanceAnswers[1]!();
    await waitFor(() => expect(amount.textContent).toContain('250'));
    expect(refresh.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(refresh);
  });
});
