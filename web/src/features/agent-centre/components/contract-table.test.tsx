// @vitest-environment happy-dom
/**
 * Contract table: an action button keeps the focus while its call is under way (busy, not
 * disabled), and a press meanwhile asks nothing more.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests } from '../../../testing/render';
import type { Contract } from '../types';
import { ContractTable } from './contract-table';

setupComponentTests();

// Only the fields the dividend table reads; the rest of a contract plays no part.
const OFFERED = {
  id: 3,
  account: 'agent1',
  rate: 5,
  status: 'pending',
  activeMembers: 0,
  periodValidBet: 0,
  periodPnl: 0,
} as unknown as Contract;

let actions = 0;
beforeEach(() => {
  actions = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname;
      if (path === '/wps/agent/contract/action') {
        actions += 1;
        return new Promise<Response>(() => {});
      }
      return Promise.resolve(Response.json({ success: true, value: [] }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ContractTable', () => {
  it('keeps the focus on Accept while the acceptance is under way', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <ContractTable contracts={[OFFERED]} kind="dividend" me="agent1" empty="None" caption="Mine" />,
    );
    const accept = screen.getByRole('button', { name: 'Accept: contract of agent1' });
    await user.click(accept);

    await waitFor(() => expect(accept.getAttribute('aria-disabled')).toBe('true'));
    expect((accept as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(accept);

    await user.click(accept);
    expect(actions).toBe(1);
  });
});
