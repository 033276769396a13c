// @vitest-environment happy-dom
/**
 * Reward center: a button busy with what it started keeps the focus. Join in the join dialog keeps
 * it while the joining is under way (a disabled button would drop it out of the dialog), and a card's
 * Claim prize keeps it while the prize is claimed and after, as the card stays.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests, expectBusyWithFocus } from '../../../testing/render';
import { RewardCenterPage } from './reward-center';

setupComponentTests();

const promo = (id: number, title: string, status: string, category: string) => ({
  id,
  title,
  summary: '',
  content: '',
  image: '/promo.png',
  startTime: 0,
  endTime: 0,
  status,
  category,
});
const PROMOS = [promo(1, 'Weekend cup', 'join', 'tournament'), promo(2, 'Lucky draw', 'claim', 'raffle')];

let answerCall: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      const answer = (value: unknown) => Response.json({ success: true, value });
      if (path === '/wps/promotion/rewards') return Promise.resolve(answer(PROMOS));
      if (path === '/wps/promotion/join')
        return new Promise<Response>((resolve) => (answerCall = () => resolve(answer({ ...PROMOS[0], status: 'joined' }))));
      if (path === '/wps/promotion/raffle/claim')
        return new Promise<Response>((resolve) => (answerCall = () => resolve(answer({ prize: 50 }))));
      return Promise.resolve(answer([]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('RewardCenterPage', () => {
  it('keeps the focus on Join in the join dialog while it works', async () => {
    const user = userEvent.setup();
    renderWithApp(<RewardCenterPage />);
    await user.click(await screen.findByRole('button', { name: 'Join: Weekend cup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join activity' });
    const join = within(dialog).getByRole('button', { name: 'Join' });
    await user.click(join);

    const working = await within(dialog).findByRole('button', { name: 'Please wait…' });
    expect(working).toBe(join);
    expectBusyWithFocus(working);

    answerCall();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('keeps the focus on Claim prize while the prize is claimed and when it is done', async () => {
    const user = userEvent.setup();
    renderWithApp(<RewardCenterPage />);
    const claim = await screen.findByRole('button', { name: 'Claim prize: Lucky draw' });
    await user.click(claim);

    await waitFor(() => expect(claim.getAttribute('aria-disabled')).toBe('true'));
    expect((claim as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(claim);

    answerCall();
    await waitFor(() => expect(claim.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(claim);
  });
});
