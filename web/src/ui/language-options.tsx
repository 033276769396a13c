/**
 * The languages a brand offers, each a button named in its own language and script with its code
 * beside it, the current one pressed; choosing one switches the page to it. The side menu's
 * language flyout and the register page's language menu list them.
 */
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';
import type { LanguageInfo } from '../i18n/languages';
import './language-options.css';

export function LanguageOptions({
  languages,
  onChosen,
  grid = false,
}: {
  languages: readonly LanguageInfo[];
  /** Called as a language is chosen, before the page switches to it (to close what lists them). */
  onChosen?: () => void;
  /** Two columns (a long list). */
  grid?: boolean;
}) {
  // Rendered again when the language changes, so the pressed one follows.
  useTranslation();
  const current = currentLanguage();
  return (
    <ul className={`language-options${grid ? ' language-options--grid' : ''}`} role="list">
      {languages.map((l) => (
        <li key={l.code}>
          <button
            type="button"
            lang={l.htmlLang}
            className="language-option"
            aria-pressed={l.code === current.code}
            onClick={() => {
              onChosen?.();
              void setLanguage(l.code);
            }}
          >
            <span className="language-option__code">{l.code}</span>
            {l.nativeName}
          </button>
        </li>
      ))}
    </ul>
  );
}
