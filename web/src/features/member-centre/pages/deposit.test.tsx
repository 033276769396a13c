// @vitest-environment happy-dom
/**
 * Deposit: the focus follows the player. Deposit now keeps it while the deposit is under way, the
 * result's title takes it when the form gives way to the result, and "Make another deposit" gives
 * it to the amount.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { DepositPage } from './deposit';

setupComponentTests();

const CHANNEL = { channelId: 'easypaisa', name: 'Easypaisa', minAmount: 100, maxAmount: 50_000, logo: '/logo.png' };
const TRANSACTION = { id: 7, kind: 'deposit', amount: 500, balanceAfter: 1500, remark: 'Deposit via Easypaisa', timestamp: 0 };

let depositAnswer: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/wallet/deposit/channels') return Promise.resolve(answer([CHANNEL]));
      if (path === '/wps/wallet/deposit')
        return new Promise<Response>((resolve) => (depositAnswer = () => resolve(answer(TRANSACTION))));
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('DepositPage', () => {
  it('keeps the focus on Deposit now while it works, then on the result, then on the amount again', async () => {
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await screen.findByText('Easypaisa');
    await user.type(amount, '500');
    const submit = screen.getByRole('button', { name: 'Deposit now' });
    await user.click(submit);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expectBusyWithFocus(working);

    depositAnswer();
    const title = await screen.findByRole('heading', { name: 'Deposit successful' });
    await waitFor(() => expect(document.activeElement).toBe(title));

    await user.click(screen.getByRole('button', { name: 'Make another deposit' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Amount' })));
  });
});
