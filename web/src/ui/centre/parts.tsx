/**
 * Small building blocks of the member and agent centres' pages: page heading, figures, signed
 * amounts, state badges, empty states and form fields. Amounts are isolated left-to-right so a sign
 * never wanders in Urdu.
 */
import { useId, type ReactNode } from 'react';
import { usePermission } from '../../api/queries/system';
import { formatDate, formatMoney, formatTime } from '../format';
import './centre.css';

/** The states a badge can show (centre-badge--<tone> in centre.css). */
export type Tone = 'success' | 'pending' | 'info' | 'danger' | 'muted' | 'accent';

export function PageHead({
  title,
  lead,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="centre-head">
      <div>
        <h3 className="centre-head__title">{title}</h3>
        {lead ? <p className="centre-head__lead">{lead}</p> : null}
      </div>
      {actions ? <div className="centre-head__actions">{actions}</div> : null}
    </header>
  );
}

/** The brand's money formatter (currency symbol from the permission call, default $). */
export function useMoney(): (amount: number) => string {
  const { currencySymbol } = usePermission();
  return (amount) => formatMoney(amount, currencySymbol);
}

/** A signed amount: green credits, red debits, an explicit + or −. */
export function Amount({
  value,
  signed = true,
  strong = false,
}: {
  value: number;
  signed?: boolean;
  strong?: boolean;
}) {
  const money = useMoney();
  const tone = value > 0 ? 'pos' : value < 0 ? 'neg' : 'zero';
  const sign = !signed || value === 0 ? (value < 0 ? '−' : '') : value > 0 ? '+' : '−';
  return (
    <bdi
      className={`centre-amount centre-amount--${signed ? tone : 'plain'}${strong ? ' centre-amount--strong' : ''}`}
      dir="ltr"
    >
      {sign}
      {money(Math.abs(value))}
    </bdi>
  );
}

export function Stat({
  label,
  value,
  hint,
  tone,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'accent' | 'pos' | 'neg';
}) {
  return (
    <div className={`centre-stat${tone ? ` centre-stat--${tone}` : ''}`}>
      <span className="centre-stat__label">{label}</span>
      <strong className="centre-stat__value">{value}</strong>
      {hint ? <span className="centre-stat__hint">{hint}</span> : null}
    </div>
  );
}

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`centre-badge centre-badge--${tone}`}>{children}</span>;
}

export function Empty({
  children,
  icon = 'inbox',
}: {
  children: ReactNode;
  icon?: 'inbox' | 'search';
}) {
  return (
    <div className="centre-empty">
      <svg
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icon === 'inbox' ? (
          <path d="M6 28l6-16h24l6 16v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2zM6 28h11l2 5h10l2-5h11" />
        ) : (
          <path d="M21 8a13 13 0 1 0 0 26 13 13 0 0 0 0-26zM31 31l10 10" />
        )}
      </svg>
      <p>{children}</p>
    </div>
  );
}

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  addon?: ReactNode;
}

/** A labelled form field with its hint and error tied to the control (aria-describedby). */
export function Field({ label, error, hint, children, addon }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field centre-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {children({ id, describedBy, invalid: !!error })}
        {addon ? <span className="field__addon">{addon}</span> : null}
      </div>
      {hint && !error ? (
        <p className="centre-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A moment on two lines (day, then time) so the record tables stay narrow. */
export function When({ ms }: { ms: number }) {
  const time = formatTime(ms);
  return (
    <time className="centre-when" dateTime={new Date(ms).toISOString()}>
      <span>{formatDate(ms, false)}</span>
      <span className="centre-when__time">{time}</span>
    </time>
  );
}
