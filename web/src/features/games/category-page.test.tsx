// @vitest-environment happy-dom
/**
 * A lobby whose game list cannot load says so with a retry, never that the section has no games:
 * offline (the call waits for the connection) and when the call fails.
 */
import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { CategoryPage } from './category-page';

setupComponentTests();
beforeEach(blockNetwork);
afterEach(() => onlineManager.setOnline(true));

describe('CategoryPage', () => {
  it.each([
    ['offline', () => onlineManager.setOnline(false)],
    ['when the call fails', () => {}],
  ])('%s, shows the network error with a retry instead of "No games here yet"', async (_, setUp) => {
    setUp();
    renderWithApp(<CategoryPage />, { route: '/fish' });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Games of Fishing' })).closest('section')!;
    expect((await screen.findByText('Network link abnormal, please try again')).closest('section')).toBe(section);
    expect(section.textContent).not.toContain('No games here yet');
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
