/**
 * Convert points into wallet money (with a password check), at the rate
 * and within the limits the server's points config gives. What the player gets is shown as they
 * type; the server's refusals show in place; the wallet balance refreshes on success.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateField } from '../../../../openapi/field-rules';
import { usePermission } from '../../api/queries/system';
import { FormAlert } from '../../ui/account-form/form-alert';
import { useRuleForm } from '../../ui/account-form/rule-form';
import { requiredOnly } from '../../ui/account-form/rules';
import { TextField } from '../../ui/account-form/text-field';
import { ErrorState } from '../../ui/error-state';
import { formatMoney, formatNumber } from '../../ui/format';
import { Skeleton, Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { pointsConfigQuery, useConvert } from './api';
import { placeServerError } from './server-errors';

const PASSWORD_MAX_LENGTH = 128;

type Values = { points: string; password: string };

export function ConvertForm({ available }: { available: number }) {
  const { t } = useTranslation('pointMall');
  const { currencySymbol } = usePermission();
  const config = useQuery(pointsConfigQuery);
  const convert = useConvert();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const { form, bind, values, setErrors } = useRuleForm<Values>({
    formRef,
    defaultValues: { points: '', password: '' },
    validate: (v) => {
      const c = config.data;
      const points = Number(v.points);
      const whole = /^\d+$/.test(v.points.trim());
      return {
        points: !v.points.trim()
          ? t('points_required')
          : !whole || !c || points < c.minConvert || points > c.maxConvert
            ? t('points_range', { min: formatNumber(c?.minConvert ?? 0), max: formatNumber(c?.maxConvert ?? 0) })
            : points > available
              ? t('not_enough', { points: formatNumber(points) })
              : null,
        password: validateField(requiredOnly('password', PASSWORD_MAX_LENGTH), v.password, { label: t('password') }),
      };
    },
  });

  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} compact />;
  if (!config.data) return <Skeleton height={180} />;
  const { pointsPerUnit, minConvert, maxConvert } = config.data;
  const typed = /^\d+$/.test(values.points.trim()) ? Number(values.points) : 0;

  const submit = form.handleSubmit(
    (v) => {
      if (convert.isPending) return;
      setFormError(null);
      convert.mutate(
        { points: Number(v.points), password: v.password },
        {
          onSuccess: (result) => {
            toast.success(t('converted', { balance: formatMoney(result.sumBalance, currencySymbol) }));
            form.reset();
          },
          onError: (error) => {
            const placed = placeServerError(error, ['points', 'password'] as const);
            setErrors(placed.fields);
            setFormError(placed.form);
          },
        },
      );
    },
    () => setFormError(null),
  );

  return (
    <form ref={formRef} className="form point-mall__form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="point-mall-convert">
      <h2 id="point-mall-convert" className="section-title">
        {t('convert_title')}
      </h2>
      <p className="muted">
        {t('convert_rate', {
          points: formatNumber(pointsPerUnit),
          amount: formatMoney(1, currencySymbol),
          min: formatNumber(minConvert),
          max: formatNumber(maxConvert),
        })}
      </p>
      <FormAlert message={formError} />
      <TextField {...bind('points')} label={t('convert_points')} inputMode="numeric" required autoComplete="off" />
      <p className="point-mall__cost" aria-live="polite">
        {t('convert_gets', { amount: formatMoney(typed / pointsPerUnit, currencySymbol) })}
      </p>
      <TextField
        {...bind('password')}
        label={t('password')}
        placeholder={t('password_placeholder')}
        required
        icon="shield"
        revealable
        autoComplete="current-password"
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={convert.isPending}>
        {convert.isPending ? <Spinner size={18} /> : null}
        {t('convert_submit')}
      </button>
    </form>
  );
}
