/**
 * What a visitor asked for before being asked to log in (a game's Play): it runs once the login
 * dialog that request opened logs a player in, and is dropped as soon as that dialog closes any
 * other way (closed, swapped for registration, a free demo, a phone reset, its chunk failing). One
 * at a time: a later request replaces it, and a login dialog opened by anything else (the header's
 * Log in) carries none.
 */
import { ui, uiStore } from './ui-store';

let pending: (() => void) | null = null;

uiStore.subscribe(() => {
  if (pending && !uiStore.get().modals.login) pending = null;
});

export const afterLogin = {
  /** Open the login dialog for this action, to run after a successful login (null: nothing to run). */
  openLogin(then: (() => void) | null): void {
    pending = then;
    ui.open('login');
  },
  /** The login succeeded (called before the dialog closes): run what waited for it, once. */
  done(): void {
    const then = pending;
    pending = null;
    then?.();
  },
};
