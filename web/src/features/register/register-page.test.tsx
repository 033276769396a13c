// @vitest-environment happy-dom
/**
 * The register page has no side menu (where the language flyout is), so it offers the brand's
 * languages itself: a button beside the back link opens them, choosing one switches the page and
 * closes the list, Escape closes it; either way the focus goes back to the button.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { preloadDeferredParts } from '../../lib/lazy';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { RegisterPage } from './register-page';

setupComponentTests();
// The form is a deferred part: in before the first render, as the app's start makes sure.
beforeAll(preloadDeferredParts);
beforeEach(blockNetwork);
afterEach(async () => {
  await setLanguage('EN');
});

describe('RegisterPage', () => {
  it('switches the language from a menu of its own', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />, { route: '/register' });
    const button = screen.getByRole('button', { name: /Language/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The brand's languages, each named in itself, the current one pressed.
    expect(screen.getByRole('button', { name: /English/, pressed: true })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: /اردو/ })).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(screen.getByRole('button', { name: /اردو/ }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.queryByRole('button', { name: /English/ })).toBeNull();
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(button.textContent).toContain('اردو'));
  });
});
