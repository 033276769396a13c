// @vitest-environment happy-dom
/**
 * The avatar menu's agent centre entry follows the account type (isAgent): shown for 1, 2, 41 and
 * 42, hidden for players (0) and trial accounts (4). A matrix of account types is a rule of the
 * component, not of the browser, so it is checked here rather than with a page load per account;
 * the browser suite keeps one player and one agent (e2e/header.spec.ts), and the server's account
 * types are checked in tests/session.test.ts. Which former browser tests moved here:
 * docs/test-suite.md.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberInfoQuery } from '../../api/queries/member';
import type { Member } from '../../api/types';
import { uiStore } from '../../session/ui-store';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../config/constants';
import { blockNetwork, renderWithApp, setupComponentTests } from '../../testing/render';
import { AvatarMenu } from './avatar-menu';

setupComponentTests();

beforeEach(() => {
  blockNetwork();
});

/** Render the menu for a session of this account type, with the member info the server gives it. */
async function openMenuAs(account: string, isAgent: number) {
  // What a login leaves in the tab (web/src/api/session.ts).
  sessionStorage.setItem('token', 'test-token');
  sessionStorage.setItem('isAgent', String(isAgent));
  sessionStorage.setItem('merchantCode', 'DEMO');
  const user = userEvent.setup();
  const { queryClient } = renderWithApp(<AvatarMenu />);
  // Only the fields the menu and the session read; the rest of the member info plays no part.
  const member: Partial<Member> = { account, nickname: account, isAgent };
  queryClient.setQueryData(memberInfoQuery.queryKey, member as Member);
  const button = await screen.findByRole('button', { name: `Account menu for ${account}` });
  await user.click(button);
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy());
}

describe('AvatarMenu: the agent centre entry by account type (isAgent)', () => {
  for (const [account, isAgent, shown] of [
    ['player01', 0, false],
    ['agent01', 1, true],
    ['agent02', 2, true],
    ['agent41', 41, true],
    ['agent42', 42, true],
    ['guest0001', 4, false],
  ] as const) {
    it(`${account} (isAgent ${isAgent}): ${shown ? 'shown' : 'hidden'}`, async () => {
      await openMenuAs(account, isAgent);
      expect(screen.queryAllByRole('menuitem', { name: 'Agent centre' })).toHaveLength(shown ? 1 : 0);
    });
  }
});

/** Render the menu for a signed-in player; resolves to its (closed) menu button. */
async function renderMenu() {
  sessionStorage.setItem('token', 'test-token');
  sessionStorage.setItem('isAgent', '0');
  sessionStorage.setItem('merchantCode', 'DEMO');
  const { queryClient } = renderWithApp(<AvatarMenu />);
  queryClient.setQueryData(memberInfoQuery.queryKey, { account: 'player01', nickname: 'player01', isAgent: 0 } as Member);
  return screen.findByRole('button', { name: 'Account menu for player01' });
}

const pastCloseDelay = () => act(() => new Promise((done) => setTimeout(done, DROPDOWN_CLOSE_DELAY_MS + 100)));

describe('AvatarMenu: hover is for a mouse, a tap opens it until dismissed', () => {
  it('a tap opens the menu and it stays open past the close delay, although the browser sends mouse events after the tap', async () => {
    const button = await renderMenu();
    const box = button.parentElement as HTMLElement;
    // What Chromium sends for a tap: the touch pointer's events, then the compatibility mouse
    // events, with a mouseout right after the click.
    fireEvent.pointerEnter(box, { pointerType: 'touch' });
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.pointerLeave(box, { pointerType: 'touch' });
    fireEvent.mouseEnter(box);
    fireEvent.mouseDown(button);
    fireEvent.mouseUp(button);
    fireEvent.click(button);
    fireEvent.mouseLeave(box);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await pastCloseDelay();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    // A tap outside closes it.
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a mouse opens it on hover and closes it after the close delay once it leaves', async () => {
    const button = await renderMenu();
    const box = button.parentElement as HTMLElement;
    fireEvent.pointerEnter(box, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(box, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await pastCloseDelay();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('AvatarMenu: Escape and focus', () => {
  it('Escape closes a menu opened by a mouse click, focus on the button', async () => {
    const button = await renderMenu();
    const user = userEvent.setup();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes a menu opened by hover, leaving focus where it was', async () => {
    const button = await renderMenu();
    fireEvent.pointerEnter(button.parentElement as HTMLElement, { pointerType: 'mouse' });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('Escape from inside the menu gives focus back to the button', async () => {
    const button = await renderMenu();
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a chosen item leaves focus on the button, so the centre it opens gives focus back to it', async () => {
    const button = await renderMenu();
    const user = userEvent.setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Members centre' }));
    expect(uiStore.get().centre).toEqual({ kind: 'member', page: 'securityCenter' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
