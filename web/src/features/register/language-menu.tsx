/**
 * The register page's language switch: its layout has no side menu, where the language flyout is,
 * so a button beside the back link opens the brand's languages (ui/language-options). Choosing one
 * or Escape closes the list and gives the focus back to the button; a press outside closes it.
 * Nothing shows when the brand offers one language.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import { currentLanguage, offeredLanguages } from '../../i18n';
import { Icon } from '../../ui/icons';
import { LanguageOptions } from '../../ui/language-options';

export function LanguageMenu() {
  const { t } = useTranslation('register');
  const permission = usePermission();
  const languages = offeredLanguages(permission.languages);
  const current = currentLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    // The list opens with the focus on the current language.
    root.current?.querySelector<HTMLButtonElement>('.language-option[aria-pressed="true"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (languages.length < 2) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={root}
      className="register-language"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        close();
      }}
    >
      <button
        ref={button}
        type="button"
        className="register-language__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="language" size={18} />
        <span className="visually-hidden">{t('language')}</span>
        <span lang={current.htmlLang}>{current.nativeName}</span>
        <Icon name="chevron" size={14} className="register-language__caret" />
      </button>
      {open ? (
        <div id={listId} className="register-language__list" role="group" aria-label={t('choose_language')}>
          <LanguageOptions languages={languages} onChosen={close} />
        </div>
      ) : null}
    </div>
  );
}
