// @vitest-environment happy-dom
/**
 * Rebate: Claim rebate keeps the focus while the claim is under way, and after, when nothing is
 * left to claim (it stays, unavailable, rather than disabled, which would drop the focus to the page).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { ManualRebatePage } from './manual-rebate';

setupComponentTests();

const TRANSACTION = { id: 12, kind: 'rebate', amount: 25, balanceAfter: 1025, remark: 'Rebate', timestamp: 0 };

let claimable = 25;
let claimAnswer: () => void = () => {};
let claims = 0;
beforeEach(() => {
  claimable = 25;
  claims = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/rebate/manual') return Promise.resolve(answer({ claimable, items: [] }));
      if (path === '/wps/rebate/manual/claim') {
        claims += 1;
        return new Promise<Response>(
          (resolve) =>
            (claimAnswer = () => {
              claimable = 0;
              resolve(answer(TRANSACTION));
            }),
        );
      }
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ManualRebatePage', () => {
  it('keeps the focus on Claim rebate while it works and once nothing is left to claim', async () => {
    const user = userEvent.setup();
    renderWithApp(<ManualRebatePage />);
    const claim = await screen.findByRole('button', { name: 'Claim rebate' });
    await screen.findByText('$25.00');
    await user.click(claim);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(claim);
    expectBusyWithFocus(working);

    claimAnswer();
    await waitFor(() => expect(claim.textContent).toBe('Claim rebate'));
    await screen.findByText('$0.00');
    expect(claim.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(claim);

    // Nothing left to claim: a press asks nothing.
    await user.click(claim);
    expect(claims).toBe(1);
  });
});
