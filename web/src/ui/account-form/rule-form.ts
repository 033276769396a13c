/**
 * react-hook-form over the shared field-rule engine (openapi/field-rules.ts): every account and
 * money form judges its values with one `validate` function (the engine's validateField,
 * validateConfirm and the form's own checks), turned into a resolver here.
 *
 * When messages show (ADR 011): on submit; then, after the first submit, as the player
 * types (`reValidateMode: 'onChange'`); and when the player leaves a field they typed in. A field
 * already marked wrong is re-checked as it is typed in even before the first submit, so a message
 * never outlives its cause. Over-long values are refused by the rule's maxLength with its message,
 * never cut short by an input's maxLength attribute.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type Path, type PathValue, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { FieldError } from '../../../../openapi/field-rules';
import { fieldMessage } from './field-messages';

/** Form values: every field is the text the player typed. */
export type TextValues = Record<string, string>;

/** What a form's checks answer per field: an engine error, a ready message, or nothing (valid). */
export type Finding = FieldError | string | null | undefined;
export type Findings<V extends TextValues> = Partial<Record<keyof V & string, Finding>>;

function messageOf(finding: Finding): string | undefined {
  if (!finding) return undefined;
  return typeof finding === 'string' ? finding : fieldMessage(finding);
}

/**
 * A react-hook-form resolver from a form's checks: the values stay as typed; each failing field
 * gets its engine message in the current language (type 'rule'). Pure apart from the translation.
 */
export function findingsResolver<V extends TextValues>(validate: (values: V) => Findings<V>): Resolver<V> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, finding] of Object.entries(validate(values) as Record<string, Finding>)) {
      const message = messageOf(finding);
      if (message) errors[key] = { type: 'rule', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<V> }
      : { values, errors: {} };
  };
}

/** Props of an account-form TextField bound to one form value. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

export interface RuleForm<V extends TextValues> {
  form: UseFormReturn<V>;
  values: V;
  /** A TextField's value, change, blur and error. */
  bind: (name: keyof V & string) => BoundField;
  /** A plain input's value, onChange and onBlur (centre forms). */
  input: (name: keyof V & string) => {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
  };
  /** The message shown under a field, if any. */
  error: (name: keyof V & string) => string | undefined;
  /** Set a value as if typed (quick amounts, a cleared captcha), with the same re-checks. */
  change: (name: keyof V & string, value: string) => void;
  /** Server errors in place, keyed by field; unknown keys are ignored by the caller's choice. */
  setErrors: (errors: Partial<Record<keyof V & string, string>>) => void;
}

/**
 * A form judged by `validate` (called with every value; it may read other state of the render,
 * such as the server's rules, because the latest one is always used). `deps` names fields to
 * re-check when another changes (the confirmation when the password changes).
 */
export function useRuleForm<V extends TextValues>({
  defaultValues,
  validate,
  deps = {},
  formRef,
}: {
  defaultValues: V;
  validate: (values: V) => Findings<V>;
  deps?: Partial<Record<keyof V & string, readonly (keyof V & string)[]>>;
  /** The form element: after a refused submit, focus goes to its first field marked invalid. */
  formRef?: RefObject<HTMLFormElement | null>;
}): RuleForm<V> {
  const validateRef = useRef(validate);
  useLayoutEffect(() => {
    validateRef.current = validate;
  });
  const resolver = useCallback<Resolver<V>>(
    (values, context, options) => findingsResolver<V>((v) => validateRef.current(v))(values, context, options),
    [],
  );
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The forms focus the first field marked invalid themselves (focusFirstInvalid): their
    // inputs are controlled, so react-hook-form holds no refs to focus.
    shouldFocusError: false,
  });
  const values = form.watch();
  const { errors, isSubmitted, submitCount } = form.formState;

  // Runs after the render that shows the messages of a refused submit (they come together with the
  // new submitCount), so the invalid field is in the DOM when it is focused.
  useEffect(() => {
    if (submitCount === 0) return;
    formRef?.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [submitCount, formRef]);

  const error = (name: keyof V & string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? message : undefined;
  };

  const change = (name: keyof V & string, value: string) => {
    const related = deps[name] ?? [];
    form.setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
    // After the first submit every change re-checks; before it, only a field already marked.
    const recheck = [name, ...related].filter((key) => isSubmitted || error(key) !== undefined);
    if (recheck.length > 0) void form.trigger(recheck as Path<V>[]);
  };

  // Leaving a field the player typed in: its message now rather than at submit. A refusal from the
  // server stands until the value changes (focus leaves the field when its dialog opens).
  const blur = (name: keyof V & string) => {
    if (errors[name]?.type === 'server') return;
    const current = form.getValues(name as Path<V>) as string | undefined;
    if ((current ?? '') !== '' || error(name) !== undefined) void form.trigger(name as Path<V>);
  };

  return {
    form,
    values,
    error,
    change,
    bind: (name) => ({
      name,
      value: values[name] ?? '',
      error: error(name),
      onValueChange: (value) => change(name, value),
      onBlur: () => blur(name),
    }),
    input: (name) => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => change(name, event.target.value),
      onBlur: () => blur(name),
    }),
    setErrors: (found) => {
      for (const [key, message] of Object.entries(found) as [string, string | undefined][]) {
        if (message) form.setError(key as Path<V>, { type: 'server', message });
      }
    },
  };
}
