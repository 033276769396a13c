// @vitest-environment happy-dom
/**
 * The winners list: placeholders until the answer is in, then a row per winner (player, game, prize
 * without cents when whole), or a note when there are none. The rows are rendered from a deferred
 * copy of the answer, so the placeholders stay until that background render has happened.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../../testing/render';
import { winnerBoardOptions } from '../api/get-winner-board';
import { WinnersBoard } from './winners-board';

setupComponentTests();

beforeEach(() => {
  blockNetwork();
});

const WINNERS = [
  { player: 'sa***74', gameName: 'Jungle Fortune', prize: 3903.99 },
  { player: 'ra***26', gameName: 'Lotus Bonanza', prize: 500 },
];

const rows = () => screen.queryByRole('list', { hidden: false })?.querySelectorAll('li') ?? [];

describe('WinnersBoard', () => {
  it('shows placeholders until the answer is in, then a row per winner', async () => {
    const { queryClient, container } = renderWithApp(<WinnersBoard />);
    expect(container.querySelectorAll('.hx-win .gx-shimmer').length).toBeGreaterThan(0);
    expect(screen.queryByText('sa***74')).toBeNull();

    queryClient.setQueryData(winnerBoardOptions().queryKey, WINNERS);
    const first = await screen.findByText('sa***74');
    const row = first.closest('li') as HTMLElement;
    expect(within(row).getByText('Jungle Fortune')).toBeTruthy();
    expect(within(row).getByText('$3,903.99')).toBeTruthy();
    expect(screen.getByText('$500')).toBeTruthy();
    expect(container.querySelectorAll('.gx-shimmer')).toHaveLength(0);
    expect(rows()).toHaveLength(2);
  });

  it('says so when there are no winners', async () => {
    const { queryClient } = renderWithApp(<WinnersBoard />);
    queryClient.setQueryData(winnerBoardOptions().queryKey, []);
    expect(await screen.findByText('No winners to show yet.')).toBeTruthy();
  });
});
