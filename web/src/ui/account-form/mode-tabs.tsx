/**
 * Mode tabs of the account forms (login: username / SMS; register: username / mobile; forgot:
 * email / mobile). A tablist with roving focus: arrow keys move (mirrored in right-to-left pages),
 * Home/End jump, and the chosen tab is the only one in the Tab order. ModePanel is the panel they
 * control, with the ids the tabs point at.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ModeTab<M extends string> {
  id: M;
  label: string;
}

export function ModeTabs<M extends string>({
  tabs,
  value,
  onChange,
  label,
  idPrefix,
}: {
  tabs: readonly ModeTab<M>[];
  value: M;
  onChange: (mode: M) => void;
  label: string;
  /** Tab i controls the panel `${idPrefix}-panel`. */
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (tabs.length < 2) return null;

  const move = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.id);
    refs.current[(index + tabs.length) % tabs.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === value);
    const rtl = document.documentElement.dir === 'rtl';
    if (event.key === 'ArrowRight') move(at + (rtl ? -1 : 1));
    else if (event.key === 'ArrowLeft') move(at + (rtl ? 1 : -1));
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="tabs mode-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab, i) => (
        <button
          key={tab.id}
          ref={(node) => {
            refs.current[i] = node;
          }}
          id={`${idPrefix}-tab-${tab.id}`}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={tab.id === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.id === value ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The fields of the chosen mode: the tabpanel labelled by the chosen tab while the tabs show, a
 * plain group otherwise (one mode only).
 */
export function ModePanel({
  idPrefix,
  value,
  tabbed,
  className = 'form',
  children,
}: {
  /** The ModeTabs' idPrefix. */
  idPrefix: string;
  /** The chosen mode. */
  value: string;
  /** The tabs are shown. */
  tabbed: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={`${idPrefix}-panel`}
      role={tabbed ? 'tabpanel' : undefined}
      aria-labelledby={tabbed ? `${idPrefix}-tab-${value}` : undefined}
      className={className}
    >
      {children}
    </div>
  );
}
