/**
 * Account (registerCenter): open an account directly under the agent, as a player or a sub-agent.
 * Username and password follow the brand's registration rules, checked here with the
 * same engine the server uses; the agent hands the password over and the downline changes it on first
 * login.
 *
 * The focus follows the agent: Open account keeps it while the account is being opened (busy, not
 * disabled, which would drop the focus to the page), the result's title takes it when the form
 * gives way to the result, and Open another account gives it to the username.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateConfirm, validateField, type FieldRule } from '../../../../../openapi/field-rules';
import { usePermission } from '../../../api/queries/system';
import { ui } from '../../../session/ui-store';
import { useRuleForm } from '../../../ui/account-form/rule-form';
import { BusyButton } from '../../../ui/busy-button';
import { Field, PageHead } from '../../../ui/centre/parts';
import { formatDate } from '../../../ui/format';
import { useRegisterDownline } from '../api/register-downline';
import { DOWNLINE_TYPES } from '../constants';
import { errorText, refusedFields } from '../components/error-text';
import { fieldMessage, ruleHint } from '../field-messages';
import type { Downline } from '../types';
import { SvgIcon } from '../../../ui/svg-icon';

type Key = 'username' | 'password' | 'confirmPassword';

/** The rule of a field, required whatever the registration page shows (an account needs both). */
function ruleOf(rules: readonly FieldRule[], key: 'username' | 'password'): FieldRule {
  const rule = rules.find((r) => r.key === key);
  return rule
    ? { ...rule, enabled: true, required: true }
    : {
        key,
        enabled: true,
        required: true,
        acceptedPattern: '*',
        patternId: 0,
        minLength: 1,
        maxLength: key === 'username' ? 64 : 128,
      };
}

export function RegisterCenterPage() {
  const { t } = useTranslation('agentCentre');
  const { registerRules } = usePermission();
  const register = useRegisterDownline();
  const [type, setType] = useState<0 | 2>(0);
  const [created, setCreated] = useState<Downline | null>(null);
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const again = useRef(false);

  useEffect(() => {
    if (created) resultTitle.current?.focus();
    else if (again.current) {
      again.current = false;
      formRef.current?.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
    }
  }, [created]);
  const serverFields = refusedFields(register.error);

  const labels: Record<Key, string> = {
    username: t('register.username'),
    password: t('register.password'),
    confirmPassword: t('register.confirm_password'),
  };
  const rules = {
    username: ruleOf(registerRules, 'username'),
    password: ruleOf(registerRules, 'password'),
  };

  // The brand's rules through the shared engine, worded in the agent centre's catalogue.
  const { form, input, error } = useRuleForm<Record<Key, string>>({
    defaultValues: { username: '', password: '', confirmPassword: '' },
    validate: (v) => {
      const message = (key: Key, found: ReturnType<typeof validateField>) =>
        found ? fieldMessage(t, found, labels[key]) : undefined;
      return {
        username: message('username', validateField(rules.username, v.username, { label: labels.username })),
        password: message('password', validateField(rules.password, v.password, { label: labels.password })),
        confirmPassword: message(
          'confirmPassword',
          validateConfirm(v.password, v.confirmPassword, { label: labels.confirmPassword }),
        ),
      };
    },
    deps: { password: ['confirmPassword'] },
  });

  const submit = form.handleSubmit((v) => {
    if (register.isPending) return;
    register.mutate(
      { username: v.username.trim(), password: v.password, isAgent: type },
      {
        onSuccess: (downline) => {
          setCreated(downline);
          form.reset();
        },
      },
    );
  });

  const hint = (key: 'username' | 'password') => ruleHint(t, rules[key]);

  if (created) {
    return (
      <>
        <PageHead title={t('menu.registerCenter')} />
        <div className="centre-result" role="status">
          <span className="centre-result__icon centre-result__icon--success" aria-hidden="true">
            <SvgIcon d="M5 12.5l4.5 4.5L19 7.5" size={36} strokeWidth={2.4} />
          </span>
          <h4 className="centre-result__title" ref={resultTitle} tabIndex={-1}>
            {t('register.created_title')}
          </h4>
          <dl className="centre-dl centre-result__dl">
            <div className="centre-dl__row">
              <dt>{t('register.username')}</dt>
              <dd dir="ltr">{created.account}</dd>
            </div>
            <div className="centre-dl__row">
              <dt>{t('register.type')}</dt>
              <dd>{t(created.isAgent === 0 ? 'register.type_player' : 'register.type_agent')}</dd>
            </div>
            <div className="centre-dl__row">
              <dt>{t('col.upline')}</dt>
              <dd dir="ltr">{created.parentAccount}</dd>
            </div>
            <div className="centre-dl__row">
              <dt>{t('col.registered')}</dt>
              <dd>{formatDate(created.registeredAt)}</dd>
            </div>
          </dl>
          <p className="centre-result__text">{t('register.created_text')}</p>
          <div className="centre-result__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => ui.openCentre('agent', 'downlineManagmentView')}
            >
              {t('menu.downlineManagmentView')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                again.current = true;
                setCreated(null);
                register.reset();
              }}
            >
              {t('register.another')}
            </button>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHead title={t('menu.registerCenter')} lead={t('register.lead')} />
      <form
        ref={formRef}
        className="centre-card centre-card--pad centre-form centre-form--narrow"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <div className="ac-field-group">
          <span className="field__label" id="ac-register-type">
            {t('register.type')}
          </span>
          <div
            className="centre-segment centre-segment--wide"
            role="radiogroup"
            aria-labelledby="ac-register-type"
          >
            {DOWNLINE_TYPES.map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={type === v}
                className="centre-segment__btn"
                onClick={() => setType(v)}
              >
                {t(v === 0 ? 'register.type_player' : 'register.type_agent')}
              </button>
            ))}
          </div>
          <p className="centre-field__hint">
            {t(type === 0 ? 'register.type_player_hint' : 'register.type_agent_hint')}
          </p>
        </div>
        <Field
          label={labels.username}
          error={
            error('username') ?? (serverFields.has('username') ? errorText(register.error) : null)
          }
          hint={hint('username')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              // A new downline's account, not the agent's own: no password-manager fill.
              autoComplete="off"
              {...input('username')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              dir="ltr"
            />
          )}
        </Field>
        <Field
          label={labels.password}
          error={
            error('password') ?? (serverFields.has('password') ? errorText(register.error) : null)
          }
          hint={hint('password')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              {...input('password')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              dir="ltr"
            />
          )}
        </Field>
        <Field label={labels.confirmPassword} error={error('confirmPassword')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              {...input('confirmPassword')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              dir="ltr"
            />
          )}
        </Field>
        {register.isError && serverFields.size === 0 ? (
          <p className="form__alert" role="alert">
            {errorText(register.error)}
          </p>
        ) : null}
        <div className="centre-form__actions">
          <BusyButton type="submit" className="btn btn--primary btn--lg" busy={register.isPending}>
            {register.isPending ? t('form.working') : t('register.submit')}
          </BusyButton>
        </div>
      </form>
    </>
  );
}
