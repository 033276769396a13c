/**
 * The shell of the member and agent centres: an extra-large modal whose body is a
 * two-pane frame, the menu on the side and the selected page on the right. What fills the side's
 * profile card, the menu items and the page is the centre's own.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon, type IconName } from '../icons';
import { Modal } from '../modal';
import { Skeleton } from '../spinner';
import './centre.css';

/** The centre's modal: extra-large and not draggable; the frame fills its body edge to edge. */
export function CentreModal({
  title,
  onClose,
  className,
  children,
}: {
  title: string;
  onClose: () => void;
  /** The centre's own hook for what only it styles. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="xl"
      className={className ? `centre-modal ${className}` : 'centre-modal'}
      bodyClassName="centre-modal__body"
      draggable={false}
    >
      {children}
    </Modal>
  );
}

/** Why the centre shows no pages (not logged in, a guest, not an agent), with a way on if any. */
export function CentreBlocked({
  icon,
  message,
  children,
}: {
  icon: IconName;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="centre-blocked">
      <span className="centre-blocked__icon" aria-hidden="true">
        <Icon name={icon} size={34} />
      </span>
      <p className="centre-blocked__text" role="alert">
        {message}
      </p>
      {children}
    </div>
  );
}

/** The frame while the account loads: the profile card and the menu rows as placeholders. */
export function CentreSkeleton({
  profileHeight,
  menuRows,
  children,
}: {
  profileHeight: number;
  menuRows: number;
  /** Placeholders under the page title's. */
  children?: ReactNode;
}) {
  return (
    <div className="centre" aria-busy="true">
      <div className="centre__side">
        <Skeleton height={profileHeight} radius={14} className="centre__side-skeleton" />
        {Array.from({ length: menuRows }, (_, i) => (
          <Skeleton key={i} height={36} radius={10} className="centre__side-skeleton" />
        ))}
      </div>
      <div className="centre__pane">
        <Skeleton height={28} width="40%" />
        {children}
      </div>
    </div>
  );
}

export interface CentreMenuItem<P extends string> {
  page: P;
  icon: ReactNode;
  label: string;
  /** A count after the label (open missions), read out with its own label. */
  badge?: { count: number; label: string };
}

/**
 * The loaded frame: the profile card and the menu on the side, the current page on the right. The
 * pane scrolls back to the top when the page changes.
 */
export function CentreFrame<P extends string>({
  profile,
  menuLabel,
  items,
  current,
  onSelect,
  children,
}: {
  profile: ReactNode;
  menuLabel: string;
  items: readonly CentreMenuItem<P>[];
  current: P;
  onSelect: (page: P) => void;
  /** The current page. */
  children: ReactNode;
}) {
  const paneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    paneRef.current?.scrollTo({ top: 0 });
    // On phones the whole centre scrolls (centre.css), not the pane.
    paneRef.current?.parentElement?.scrollTo({ top: 0 });
  }, [current]);

  return (
    <div className="centre">
      <aside className="centre__side">
        {profile}
        <nav aria-label={menuLabel}>
          <ul className="centre__menu">
            {items.map((item) => (
              <li key={item.page}>
                <button
                  type="button"
                  className="centre__item"
                  data-page-id={item.page}
                  aria-current={item.page === current ? 'page' : undefined}
                  onClick={() => onSelect(item.page)}
                >
                  {item.icon}
                  <span className="centre__item-label">{item.label}</span>
                  {item.badge ? (
                    <span className="centre__badge" aria-label={item.badge.label}>
                      {item.badge.count}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="centre__pane" ref={paneRef} data-page={current}>
        <section
          className="centre-page"
          aria-label={items.find((item) => item.page === current)?.label}
        >
          {children}
        </section>
      </div>
    </div>
  );
}
