/**
 * One labelled input of the account forms: a required field's placeholder starts with a star,
 * its error shows under it and is tied to the input for screen readers, and a password
 * can be revealed.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../icons';
import './account-form.css';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'required' | 'prefix' | 'placeholder'> {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  /** Starred placeholder and aria-required. */
  required?: boolean;
  icon?: IconName;
  /** Before the input, inside the frame (the country-code picker). */
  prefix?: ReactNode;
  /** After the input, inside the frame (the SMS send button, the reveal button). */
  addon?: ReactNode;
  hint?: ReactNode;
  /** A password input with a show/hide button. */
  revealable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The placeholder of a field: '* ' before a required field's text. */
export function starred(text: string, required: boolean | undefined): string {
  return required ? `* ${text}` : text;
}

export function TextField({
  name,
  label,
  value,
  onValueChange,
  placeholder,
  error,
  required,
  icon,
  prefix,
  addon,
  hint,
  revealable,
  inputRef,
  type,
  id: givenId,
  className,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation('auth');
  const autoId = useId();
  const id = givenId ?? `${autoId}-${name}`;
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`} data-field={name}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        {prefix}
        {icon ? <Icon name={icon} size={18} className="field__icon" /> : null}
        <input
          {...rest}
          ref={inputRef}
          id={id}
          name={name}
          type={revealable ? (revealed ? 'text' : 'password') : (type ?? 'text')}
          value={value}
          placeholder={placeholder ? starred(placeholder, required) : undefined}
          aria-required={required || undefined}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
        />
        {revealable ? (
          <button
            type="button"
            className="icon-btn icon-btn--sm field__addon"
            aria-label={revealed ? t('hide_password') : t('show_password')}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            <Icon name={revealed ? 'eye-off' : 'eye'} size={16} />
          </button>
        ) : null}
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
