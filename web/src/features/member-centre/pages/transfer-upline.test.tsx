// @vitest-environment happy-dom
/**
 * Transfer to upline: the submit button keeps the focus while the transfer is under way (the form
 * stays, so the focus stays on the button when it is done).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { TransferUplinePage } from './transfer-upline';

setupComponentTests();

const TRANSACTION = { id: 11, kind: 'transfer', amount: -200, balanceAfter: 800, remark: 'To agent1', timestamp: 0 };

let transferAnswer: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/member/info/funds/consolidated') return Promise.resolve(answer({ balance: 1000 }));
      if (path === '/wps/member/info') return Promise.resolve(answer({ account: 'player1', hasPaymentPassword: true }));
      if (path === '/wps/wallet/transferUpline')
        return new Promise<Response>((resolve) => (transferAnswer = () => resolve(answer(TRANSACTION))));
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('TransferUplinePage', () => {
  it('keeps the focus on Transfer to upline while it works and when it is done', async () => {
    const user = userEvent.setup();
    renderWithApp(<TransferUplinePage />);
    await screen.findByText('player1');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '200');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    const submit = screen.getByRole('button', { name: 'Transfer to upline' });
    await user.click(submit);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expectBusyWithFocus(working);

    transferAnswer();
    await waitFor(() => expect(submit.textContent).toBe('Transfer to upline'));
    expect(submit.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(submit);
  });
});
