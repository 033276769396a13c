/**
 * Redeem one reward (with a password check): how many, the login
 * password and an optional remark. The cost and what the player has left are shown as they type;
 * the server's refusals (a wrong password, too few points, out of stock) show in place or above the
 * form, and the dialog stays open so nothing typed is lost.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX_LENGTH } from '../../../../openapi/constants';
import { validateField } from '../../../../openapi/field-rules';
import { FormAlert } from '../../ui/account-form/form-alert';
import { useRuleForm } from '../../ui/account-form/rule-form';
import { requiredOnly } from '../../ui/account-form/rules';
import { TextField } from '../../ui/account-form/text-field';
import { formatNumber } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useRedeem } from './api';
import { placeServerError } from './server-errors';

/** Most of one reward in one redemption (the contract's limit). */
export const MAX_QUANTITY = 99;
const PASSWORD_MAX_LENGTH = 128;

export interface RedeemTarget {
  rewardId: number;
  name: string;
  points: number;
  stock: number;
}

type Values = { quantity: string; password: string; remark: string };

export function RedeemDialog({ reward, available, onClose }: { reward: RedeemTarget; available: number; onClose: () => void }) {
  const { t } = useTranslation('pointMall');
  const redeem = useRedeem();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const most = Math.max(1, Math.min(MAX_QUANTITY, reward.stock));

  const { form, bind, values, setErrors } = useRuleForm<Values>({
    formRef,
    defaultValues: { quantity: '1', password: '', remark: '' },
    validate: (v) => {
      const quantity = Number(v.quantity);
      const cost = quantity * reward.points;
      return {
        quantity: !/^\d+$/.test(v.quantity.trim()) || quantity < 1 || quantity > most
          ? t('quantity_range', { max: most })
          : cost > available
            ? t('not_enough', { points: formatNumber(cost) })
            : null,
        password: validateField(requiredOnly('password', PASSWORD_MAX_LENGTH), v.password, { label: t('password') }),
        remark: v.remark.length > REMARK_MAX_LENGTH ? t('remark_too_long', { max: REMARK_MAX_LENGTH }) : null,
      };
    },
  });

  const quantity = /^\d+$/.test(values.quantity.trim()) ? Number(values.quantity) : 0;
  const cost = quantity * reward.points;

  const submit = form.handleSubmit(
    (v) => {
      if (redeem.isPending) return;
      setFormError(null);
      redeem.mutate(
        { rewardId: reward.rewardId, quantity: Number(v.quantity), password: v.password, ...(v.remark ? { remark: v.remark } : {}) },
        {
          onSuccess: () => {
            toast.success(t('redeemed', { name: reward.name }));
            onClose();
          },
          onError: (error) => {
            const placed = placeServerError(error, ['quantity', 'password', 'remark'] as const);
            setErrors(placed.fields);
            setFormError(placed.form);
          },
        },
      );
    },
    () => setFormError(null),
  );

  return (
    <Modal open onClose={onClose} title={t('redeem_title', { name: reward.name })} size="sm">
      <form ref={formRef} className="form point-mall__form" onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={formError} />
        <TextField
          {...bind('quantity')}
          label={t('quantity')}
          inputMode="numeric"
          required
          autoComplete="off"
          hint={t('quantity_hint', { max: most })}
          data-autofocus
        />
        <p className="point-mall__cost" aria-live="polite">
          {t('cost', { points: formatNumber(cost), left: formatNumber(Math.max(0, available - cost)) })}
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
        <TextField {...bind('remark')} label={t('remark')} placeholder={t('remark_placeholder')} autoComplete="off" />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={redeem.isPending}>
          {redeem.isPending ? <Spinner size={18} /> : null}
          {t('redeem_confirm', { points: formatNumber(cost) })}
        </button>
      </form>
    </Modal>
  );
}
