/**
 * The country-code picker: a flag and the dialing code, chosen from the server's
 * list (getCountryCodes). A button that opens a listbox: arrow keys, Home/End, type-ahead by
 * country name, Enter or Space to choose, Escape to close; focus returns to the button.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../api/queries/account';
import { languageByCode } from '../../i18n/languages';
import { Icon } from '../icons';

export function flagUrl(countryCode: string): string {
  return `/assets/flag/${encodeURIComponent(countryCode)}.svg`;
}

/** Country names in the page language (Intl), the server's English name where Intl has none. */
function useRegionName(language: string): (country: Country) => string {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([languageByCode(language)?.htmlLang ?? 'en', 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return (country: Country) => {
      try {
        return names?.of(country.countryCode) ?? country.name;
      } catch {
        return country.name;
      }
    };
  }, [language]);
}

export interface CountryCodePickerProps {
  countries: readonly Country[];
  /** The chosen country's code (PK); dialing codes are not unique (+1), country codes are. */
  value: string;
  onChange: (country: Country) => void;
  disabled?: boolean;
}

export function CountryCodePicker({ countries, value, onChange, disabled }: CountryCodePickerProps) {
  const { t, i18n } = useTranslation('auth');
  const regionName = useRegionName(i18n.language);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selected = countries.find((c) => c.countryCode === value) ?? countries[0];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !rootRef.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const node = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[active];
    node?.focus();
    node?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const show = () => {
    const index = Math.max(0, countries.findIndex((c) => c.countryCode === selected?.countryCode));
    setActive(index);
    setOpen(true);
  };

  const choose = (country: Country) => {
    onChange(country);
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show();
    }
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = countries.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => Math.min(last, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(last);
    else if (e.key === 'Enter' || e.key === ' ') {
      const country = countries[active];
      if (country) choose(country);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      // Type-ahead: letters typed within a second add up ('un' → United …).
      const now = Date.now();
      typed.current = { text: (now - typed.current.at < 1000 ? typed.current.text : '') + e.key.toLowerCase(), at: now };
      const text = typed.current.text;
      const match = countries.findIndex(
        (c) => regionName(c).toLowerCase().startsWith(text) || c.name.toLowerCase().startsWith(text) || c.countryDialingCode.replace('+', '').startsWith(text),
      );
      if (match >= 0) setActive(match);
    } else return;
    e.preventDefault();
  };

  if (!selected) return null;
  return (
    <div className="cc-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="cc-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('country_code_choose', { country: regionName(selected), code: selected.countryDialingCode })}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onButtonKey}
      >
        <img src={flagUrl(selected.countryCode)} alt="" width={22} height={16} className="cc-picker__flag" />
        <span className="cc-picker__code" dir="ltr">
          {selected.countryDialingCode}
        </span>
        <Icon name="chevron" size={12} className="cc-picker__caret" />
      </button>
      {open ? (
        <ul ref={listRef} id={listId} role="listbox" className="cc-picker__list" aria-label={t('country_code')} onKeyDown={onListKey}>
          {countries.map((c, i) => (
            <li
              key={c.countryCode}
              role="option"
              tabIndex={-1}
              aria-selected={c.countryCode === selected.countryCode}
              className={`cc-picker__option${i === active ? ' cc-picker__option--active' : ''}`}
              onClick={() => choose(c)}
            >
              <img src={flagUrl(c.countryCode)} alt="" width={22} height={16} className="cc-picker__flag" loading="lazy" />
              <span className="cc-picker__name">{regionName(c)}</span>
              <span className="cc-picker__dial" dir="ltr">
                {c.countryDialingCode}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
