// @vitest-environment happy-dom
/**
 * GameGrid's states: tiles, the empty state when the call answered an empty list, and a failed
 * call's error with a retry in the games' own words, never the empty state.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../api/client';
import type { Game } from '../../api/games/types';
import { setupDomTests } from '../../testing/setup';
import { GameGrid, type GameGridProps } from './game-grid';

setupDomTests();

const GAME = { gameId: 1001, nodeId: 7, vassalage: 'PG', gameName: 'Fortune Tiger', gameType: 'RNG', image: '', maintenance: false } as unknown as Game;

function renderGrid(props: Partial<GameGridProps> = {}) {
  const onRetry = vi.fn();
  render(<GameGrid games={[]} loading={false} onPlay={() => {}} label="Games of Fishing" onRetry={onRetry} {...props} />);
  return { onRetry };
}

describe('GameGrid', () => {
  it('says there are no games when the call answered an empty list', () => {
    renderGrid();
    expect(screen.getByText('No games here yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, says the network failed and offers a retry, not that there are no games', () => {
    const { onRetry } = renderGrid({ error: new ApiError(NETWORK_ERROR, 'Network link abnormal, please try again', 0) });
    expect(screen.getByRole('alert').textContent).toContain('Network link abnormal, please try again');
    expect(screen.queryByText('No games here yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a server error that says nothing more than "unknown" reads as the games not loading', () => {
    renderGrid({ error: new ApiError('unknown', 'Injected fault (500)', 500) });
    expect(screen.getByRole('alert').textContent).toContain('The games could not be loaded. Please try again.');
    expect(screen.queryByText(/Unknown error|Injected fault/)).toBeNull();
  });

  it('a server error with its own text keeps it', () => {
    renderGrid({ error: new ApiError('game.maintenance', 'Maintenance', 503) });
    expect(screen.getByRole('alert').textContent).toContain('This game is under maintenance');
  });

  it('keeps the tiles already shown when a next page fails, with the retry under them', () => {
    renderGrid({ games: [GAME], error: new ApiError(NETWORK_ERROR, 'Network link abnormal, please try again', 0) });
    expect(screen.getByRole('list', { name: 'Games of Fishing' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Network link abnormal');
  });
});
