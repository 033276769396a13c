import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './category-icon';
import { SvgIcon } from '../svg-icon';
import './search-box.css';

/** Search by game name: a labelled search field with a clear button. */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (next: string) => void; label?: string }) {
  const { t } = useTranslation('games');
  const id = useId();
  return (
    <div className="gx-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label ?? t('search.label')}
      </label>
      <CategoryIcon name="SEARCH" size={18} className="gx-search__icon" />
      <input
        id={id}
        type="search"
        className="gx-search__input"
        value={value}
        placeholder={t('search.placeholder')}
        maxLength={64}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {value ? (
        <button type="button" className="gx-search__clear" aria-label={t('search.clear')} onClick={() => onChange('')}>
          <SvgIcon d="M6 6l12 12M18 6L6 18" size={14} strokeWidth={2.4} />
        </button>
      ) : null}
    </div>
  );
}
