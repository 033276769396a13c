/**
 * Messages of the shared field-rule engine (openapi/field-rules.ts) and of the server's 400
 * envelope, as the forms show them under their fields.
 */
import { validateField, type FieldError, type FieldRule } from '../../../../openapi/field-rules';
import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';
import { translateServerMessage } from '../error-state';

/**
 * A FieldError in the current language: its messageKey in the `auth` namespace with its params
 * (`min`/`max`, `len`, `field`) and its i18next `context` ('exact', 'atLeast', 'atMost',
 * 'anyLength'), the engine's English text as the last resort.
 */
export function fieldMessage(error: FieldError): string {
  const options = { ns: 'auth', ...error.params, defaultValue: error.message };
  // The key is data (the engine's table), so the typed overloads of t cannot check it.
  return i18n.t(error.messageKey as 'not_empty', options as never) as unknown as string;
}

/** A value checked against its field rule: the message to show under the field, or undefined. */
export function checkField(rule: FieldRule, value: string, label: string): string | undefined {
  const error = validateField(rule, value, { label });
  return error ? fieldMessage(error) : undefined;
}

/** Every FieldError of a validateForm result as text, keyed by field key. */
export function fieldMessages(errors: Readonly<Record<string, FieldError>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, error] of Object.entries(errors)) out[key] = fieldMessage(error);
  return out;
}

/**
 * The server's own field errors (400 envelope: value.fields[].field like 'body/username'), keyed by
 * the form's field key so each shows in place. Empty when the error names no field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  // A specific code ('member.username.exists') says more than the field's short note ('already
  // exists'); the generic request_param_err carries the rule engine's own sentence per field.
  // The code as the server sent it (a real gateway's own code is `unknown` in errorCode).
  const code = error.sentCode ?? error.errorCode;
  const specific = code !== 'request_param_err' && i18n.exists(code, { ns: 'errors' });
  for (const { field, message } of error.value?.fields ?? []) {
    const key = field.replace(/^(body|query|headers)\//, '').split('/')[0] ?? field;
    if (!key || key in out) continue;
    const ownKey = i18n.exists(message, { ns: 'errors' });
    out[key] = ownKey || !specific ? translateServerMessage(message) : translateServerMessage(code);
  }
  return out;
}
