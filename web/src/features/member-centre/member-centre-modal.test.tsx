// @vitest-environment happy-dom
/**
 * The member centre's profile card: Refresh balance keeps the focus while the balance refreshes
 * (it stays in the card, so the focus stays on it when the new balance shows).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../api/types';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../testing/render';
import { ProfileCard } from './member-centre-modal';

setupComponentTests();

// Only the fields the card reads; the rest of the member info plays no part.
const MEMBER = { account: 'player1', nickname: 'Player One', clubLabel: { labelName: '' } } as unknown as Member;

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
      return Promise.resolve(answer({}));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfileCard', () => {
  it('keeps the focus on Refresh balance while it refreshes and when the new balance shows', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfileCard member={MEMBER} />);
    await waitFor(() => expect(balanceAnswers).toHaveLength(1));
    balanceAnswers[0]!();
    await screen.findByText(/100/);

    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    sumBalance = 250;
    await user.click(refresh);
    await waitFor(() => expect(balanceAnswers).toHaveLength(2));
    expectBusyWithFocus(refresh);

    // A press while it refreshes does not ask again.
    await user.click(refresh);
    expect(balanceAnswers).toHaveLength(2);

    balanceAnswers[1]!();
    await screen.findByText(/250/);
    expect(refresh.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(refresh);
  });
});
