// @vitest-environment happy-dom
/**
 * Withdrawal: Withdraw keeps the focus while the withdrawal is under way (the form stays, so the
 * focus stays on the button when it is done), and a row's Confirm received keeps it while the
 * confirmation is under way.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadIdleChunks } from '../../../lib/lazy';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { WithdrawPage } from './withdraw';

setupComponentTests();

// The confirm dialog's chunk is in before the test, as it is once the page has been idle.
beforeAll(async () => {
  preloadIdleChunks();
  await import('../../../ui/modal');
});

const INFO = {
  available: 1000,
  minAmount: 100,
  maxAmount: 5000,
  autoReceiveMinutes: 30,
  accounts: [{ id: 'acc-1', bankName: 'Meezan Bank', accountNo: '0123' }],
};
const TRANSACTION = { id: 9, kind: 'withdraw', amount: -500, balanceAfter: 500, remark: 'Withdrawal', timestamp: 0 };

let withdrawAnswer: () => void = () => {};
let records: unknown[] = [];
beforeEach(() => {
  records = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/wallet/withdraw/info') return Promise.resolve(answer(INFO));
      if (path === '/wps/member/info') return Promise.resolve(answer({ account: 'player1', hasPaymentPassword: true }));
      if (path === '/wps/record/account') return Promise.resolve(answer({ list: records, totalPages: 1 }));
      if (path === '/wps/wallet/withdraw')
        return new Promise<Response>((resolve) => (withdrawAnswer = () => resolve(answer(TRANSACTION))));
      if (path === '/wps/wallet/withdraw/confirm') return new Promise<Response>(() => {});
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('WithdrawPage', () => {
  it('keeps the focus on Withdraw while it works and when it is done', async () => {
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    await screen.findByText('Meezan Bank');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '500');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    await user.click(submit);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expectBusyWithFocus(working);

    withdrawAnswer();
    await waitFor(() => expect(submit.textContent).toBe('Withdraw'));
    expect(submit.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(submit);
  });

  it('keeps the focus on a withdrawal\'s Confirm received while the confirmation is under way', async () => {
    records = [{ id: 21, kind: 'withdraw', amount: -500, balanceAfter: 500, remark: 'Withdrawal', status: 'pending', time: 0 }];
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    const confirm = await screen.findByRole('button', { name: 'Confirm $500.00 received' });
    await user.click(confirm);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal received' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm received' }));

    await waitFor(() => expect(confirm.getAttribute('aria-disabled')).toBe('true'));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(confirm));
  });
});
