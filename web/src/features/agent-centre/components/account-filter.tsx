/** Filter a team report to one downline: type the account, search, clear. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../../ui/svg-icon';

export function AccountFilter({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (account: string) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('agentCentre');
  const [text, setText] = useState(value);
  const id = useId();
  return (
    <form
      className="ac-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('filter.account')}
      </label>
      <SvgIcon d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" size={18} strokeWidth={2} className="ac-search__icon" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? t('filter.account_placeholder')}
        dir="auto"
        autoComplete="off"
      />
      <button type="submit" className="btn btn--primary btn--sm">
        {t('filter.search')}
      </button>
      {value ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setText('');
            onChange('');
          }}
        >
          {t('filter.clear')}
        </button>
      ) : null}
    </form>
  );
}
