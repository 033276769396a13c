// @vitest-environment happy-dom
/**
 * My wallet: Transfer keeps the focus while the transfer is under way (the form stays, so the focus
 * stays on the button when it is done).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { MyWalletPage } from './my-wallet';

setupComponentTests();

let transferAnswer: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/v2/wallets/balance') return Promise.resolve(answer({ sumBalance: 1500 }));
      if (path === '/wps/member/info/funds/consolidated') return Promise.resolve(answer({ balance: 1000 }));
      if (path === '/wps/wallet/merchant')
        return Promise.resolve(answer({ isSingle: false, wallets: [{ vendor: 'pg', name: 'PG Soft', balance: 500 }] }));
      if (path === '/wps/relay/GCS_walletTransfer')
        return new Promise<Response>((resolve) => (transferAnswer = () => resolve(answer({ sumBalance: 1500 }))));
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('MyWalletPage', () => {
  it('keeps the focus on Transfer while it works and when it is done', async () => {
    const user = userEvent.setup();
    renderWithApp(<MyWalletPage />);
    await screen.findByRole('option', { name: 'PG Soft' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game wallet' }), 'pg');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '200');
    const submit = screen.getByRole('button', { name: 'Transfer' });
    await user.click(submit);

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expectBusyWithFocus(working);

    transferAnswer();
    await waitFor(() => expect(submit.textContent).toBe('Transfer'));
    expect(submit.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(submit);
  });
});
