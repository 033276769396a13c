/**
 * Avatar menu of the header: members, account record, betting record, the points mall
 * (when POINTMALL3 is on), agent (isAgent 1, 2, 41, 42 only), sign out with confirmation. A menu button with arrow-key navigation; with a
 * mouse it opens on hover too and closes after the dropdown close delay (200 ms). A tap (touch or
 * pen) only toggles it: it stays open until a tap outside, a chosen item or Escape.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { avatarQuery } from '../../api/queries/member';
import { isFlagOn, usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { ui } from '../../session/ui-store';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../config/constants';
import { Icon, type IconName } from '../../ui/icons';
import { preloadable } from '../../lib/lazy';
import { paths } from '../../config/paths';

/**
 * The club label's chip (colord reads the brand's colours for it): a chunk of its own, fetched as
 * the menu mounts, long before the menu is opened (docs/decisions/035-initial-javascript-under-the-goals.md).
 */
const LabelChip = preloadable(() => import('../../ui/label-chip').then((m) => m.LabelChip));

interface Item {
  key: string;
  label: string;
  icon: IconName;
  run: () => void;
  danger?: boolean;
}

export function AvatarMenu() {
  const { t } = useTranslation('header');
  const auth = useAuth();
  const avatar = useQuery({ ...avatarQuery, enabled: !!auth.token && !auth.isGuest });
  const permission = usePermission();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useEffect(() => void LabelChip.preload().catch(() => {}), []);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // A click right after the hover opened the menu must not close it again.
  const hoverOpenedAt = useRef(0);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!(e.target instanceof Node)) return;
      if (!menuRef.current?.parentElement?.contains(e.target)) setOpen(false);
    };
    // Escape closes the menu however it was opened (a click or hover leaves focus outside the
    // menu); focus inside the menu goes back to the button, focus elsewhere stays where it is.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (menuRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Visitors log in first; guests do reach the centre, which shows them 'Please Register An
  // Account First' rather than the trial warning.
  const centre = (page: string) => () => {
    if (!auth.token) return auth.openLogin();
    ui.openCentre('member', page);
  };

  const items: Item[] = [
    { key: 'members', label: t('members'), icon: 'user', run: centre('securityCenter') },
    {
      key: 'account',
      label: t('account_record'),
      icon: 'record',
      run: centre('transactionHistory'),
    },
    { key: 'betting', label: t('betting_record'), icon: 'bet', run: centre('personalHistoryCopy') },
    // The points mall, a page of its own: its page explains itself to a trial account.
    ...(isFlagOn(permission, 'POINTMALL3')
      ? [{ key: 'points', label: t('points_mall'), icon: 'gift' as const, run: () => void navigate(paths.pointMall()) }]
      : []),
    ...(auth.isAgentAccount
      ? [
          {
            key: 'agent',
            label: t('agent'),
            icon: 'agent' as const,
            run: () => ui.openCentre('agent', 'agentTeamOverview'),
          },
        ]
      : []),
    {
      key: 'logout',
      label: t('sign_out'),
      icon: 'logout',
      run: () => void auth.confirmLogout(),
      danger: true,
    },
  ];

  const focusItem = (index: number) => {
    const nodes = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!nodes?.length) return;
    nodes[(index + nodes.length) % nodes.length]?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const nodes = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const at = nodes.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') focusItem(at - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(nodes.length - 1);
    else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    e.preventDefault();
  };

  // Until the member info is read (or while it fails) the player is still who they logged in as:
  // never "Guest" for a member; a trial account is one.
  const name =
    auth.member?.nickname ||
    auth.member?.account ||
    (auth.isGuest ? t('guest') : auth.memberError ? t('member_unavailable') : t('loading', { ns: 'common' }));
  const label = auth.member?.clubLabel;

  return (
    <>
      {auth.memberError ? (
        <div className="avatar-menu__error" role="alert">
          <span>{t('member_failed')}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={auth.reloadMember}>
            {t('retry', { ns: 'common' })}
          </button>
        </div>
      ) : null}
      <div
        className="avatar-menu"
        // Hover is a mouse's only, read from the pointer events' pointerType: after a tap the browser
        // also sends compatibility mouse events (Chromium a mouseout right after the click), which
        // must not start the close timer of a menu the tap just opened.
        onPointerEnter={(e) => {
          if (e.pointerType !== 'mouse') return;
          window.clearTimeout(closeTimer.current);
          if (!open) hoverOpenedAt.current = Date.now();
          setOpen(true);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType !== 'mouse') return;
          closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          className="avatar-menu__button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t('account_menu', { name })}
          onClick={() => {
            if (Date.now() - hoverOpenedAt.current < 500) setOpen(true);
            else setOpen((o) => !o);
          }}
          onKeyDown={onButtonKey}
        >
          {avatar.data ? (
            <img
              className="avatar-menu__img"
              src={avatar.data.avatarUrl}
              alt=""
              width={34}
              height={34}
            />
          ) : (
            <span className="avatar-menu__img avatar-menu__img--empty">
              <Icon name="user" size={18} />
            </span>
          )}
          <span className="avatar-menu__name">{name}</span>
          <Icon name="chevron" size={14} className="avatar-menu__caret" />
        </button>
        {open ? (
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            className="avatar-menu__list"
            aria-label={t('account_menu', { name })}
            onKeyDown={onMenuKey}
          >
            <li role="presentation" className="avatar-menu__head">
              <strong>{name}</strong>
              {auth.isGuest ? (
                <span className="chip chip--muted">{t('trial_account')}</span>
              ) : label ? (
                <Suspense fallback={null}>
                  <LabelChip.Component text={label.labelName} background={[label.color, label.color2]} />
                </Suspense>
              ) : null}
            </li>
            {items.map((item) => (
              <li key={item.key} role="presentation">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`avatar-menu__item${item.danger ? ' avatar-menu__item--danger' : ''}`}
                  onClick={() => {
                    // The item goes with the menu: focus moves to the menu's button first, so the
                    // centre or dialog the item opens gives focus back to it when it closes.
                    buttonRef.current?.focus();
                    setOpen(false);
                    item.run();
                  }}
                >
                  <Icon name={item.icon} size={18} />
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
