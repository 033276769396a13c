// @vitest-environment happy-dom
/**
 * Dividend: after the agent proceeds past the contract-rate warning, Offer contract keeps the focus
 * while the offer is under way (the form stays, so the focus stays on the button when it is done).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadIdleChunks } from '../../../lib/lazy';
import { renderWithApp, setupComponentTests } from '../../../testing/render';
import { DividendPage } from './dividend';

setupComponentTests();

// The confirm dialog's chunk is in before the test, as it is once the page has been idle.
beforeAll(async () => {
  preloadIdleChunks();
  await import('../../../ui/modal');
});

let requestAnswer: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/member/info') return Promise.resolve(answer({ account: 'agent1' }));
      if (path === '/wps/agent/contract/dividend') return Promise.resolve(answer({ contracts: [] }));
      if (path === '/wps/agent/downlines')
        return Promise.resolve(answer({ list: [{ account: 'down1', isAgent: 0 }], totalPages: 1 }));
      if (path === '/wps/agent/contract/dividend/request')
        return new Promise<Response>(
          (resolve) =>
            (requestAnswer = () =>
              resolve(answer({ contract: { account: 'down1', rate: 5 }, terminatedDownlines: [] }))),
        );
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('DividendPage', () => {
  it('keeps the focus on Offer contract while it works and when it is done', async () => {
    const user = userEvent.setup();
    renderWithApp(<DividendPage />);
    await screen.findByRole('option', { name: /down1/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Direct downline' }), 'down1');
    await user.type(screen.getByRole('textbox', { name: 'Dividend rate' }), '5');
    const submit = screen.getByRole('button', { name: 'Offer contract' });
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));

    const working = await screen.findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(submit);
    expect(working.getAttribute('aria-disabled')).toBe('true');
    expect((working as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(working));

    requestAnswer();
    await waitFor(() => expect(submit.textContent).toBe('Offer contract'));
    expect(submit.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(submit);
  });
});
