/**
 * The date filter of the record pages: today, yesterday, 7 days, 30 days, or custom days with a
 * from/to pair checked before it applies.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customRange,
  presetRange,
  RANGE_PRESETS,
  toInputDate,
  type RangePreset,
  type TimeRange,
} from '../date-range';

export interface DateFilterValue extends TimeRange {
  preset: RangePreset;
}

export function defaultDateFilter(): DateFilterValue {
  return { preset: 'month', ...presetRange('month') };
}

export function DateFilter({
  value,
  onChange,
  children,
}: {
  value: DateFilterValue;
  onChange: (next: DateFilterValue) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('memberCentre');
  const [from, setFrom] = useState(() => toInputDate(value.startTime));
  const [to, setTo] = useState(() => toInputDate(value.endTime - 1));
  const [error, setError] = useState<string | null>(null);
  const [custom, setCustom] = useState(value.preset === 'custom');

  const applyCustom = () => {
    const range = customRange(from, to);
    if (range === 'invalid') return setError(t('filter.date_invalid'));
    if (range === 'order') return setError(t('filter.date_order'));
    setError(null);
    onChange({ preset: 'custom', ...range });
  };

  return (
    <div className="mc-filter" role="group" aria-label={t('filter.label')}>
      <div className="centre-segment">
        {RANGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="centre-segment__btn"
            aria-pressed={!custom && value.preset === p}
            onClick={() => {
              setCustom(false);
              setError(null);
              const range = presetRange(p);
              setFrom(toInputDate(range.startTime));
              setTo(toInputDate(range.endTime - 1));
              onChange({ preset: p, ...range });
            }}
          >
            {t(`filter.${p}`)}
          </button>
        ))}
        <button
          type="button"
          className="centre-segment__btn"
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          {t('filter.custom')}
        </button>
      </div>
      {custom ? (
        <form
          className="mc-filter__custom"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            applyCustom();
          }}
        >
          <label className="mc-filter__date">
            <span>{t('filter.from')}</span>
            <input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <label className="mc-filter__date">
            <span>{t('filter.to')}</span>
            <input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <button type="submit" className="btn btn--primary btn--sm">
            {t('filter.apply')}
          </button>
          {error ? (
            <p className="field__error mc-filter__error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      {children}
    </div>
  );
}
