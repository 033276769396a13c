// @vitest-environment happy-dom
/**
 * The vendor popup's game list when its call fails or cannot be made (offline): the failure and a
 * retry, never "No games here yet".
 */
import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VendorCard } from '../../api/games/types';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { VendorPopup } from './vendor-popup';

setupComponentTests();
beforeEach(blockNetwork);
afterEach(() => onlineManager.setOnline(true));

const EVOLUTION = { vendor: 'EVO', vendorName: 'Evolution', vassalage: 'EVO', logo: '/assets/vendors/evo.png', isGame: 1, isHot: 0 } as unknown as VendorCard;

describe('VendorPopup', () => {
  it('shows a failed game list as a failure with a retry, not as a vendor without games', async () => {
    renderWithApp(<VendorPopup vendor={EVOLUTION} gameType="LIVE" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect((await screen.findByRole('alert')).textContent).toContain('Network link abnormal, please try again');
    expect(dialog.textContent).not.toContain('No games here yet');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline, where the call waits for the connection, says the network failed rather than that there are no games', async () => {
    onlineManager.setOnline(false);
    renderWithApp(<VendorPopup vendor={EVOLUTION} gameType="LIVE" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect((await screen.findByRole('alert')).textContent).toContain('Network link abnormal, please try again');
    expect(dialog.textContent).not.toContain('No games here yet');
  });
});
