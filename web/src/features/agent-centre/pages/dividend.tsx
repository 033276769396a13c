/**
 * Dividend (agentDividendRecordCopy2, DIVIDEND3): my dividend contract, the contracts I offered, and
 * offering a new one to a direct downline. The contract-rate warning: a downline with a
 * higher rate than the new contract is terminated automatically if the agent proceeds, so the form
 * states the rule, names the affected contract it can see, and asks for confirmation before sending.
 *
 * Offer contract keeps the focus while the offer is under way (busy, not disabled, which would drop
 * the focus to the page); the form stays, so the focus stays on it when it is done.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { BusyButton } from '../../../ui/busy-button';
import { Field, PageHead } from '../../../ui/centre/parts';
import { alertDialog, confirmDialog } from '../../../ui/dialog';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useContracts } from '../api/get-contracts';
import { useDownlines } from '../api/get-downlines';
import { useRequestDividend } from '../api/request-dividend';
import { ContractTable } from '../components/contract-table';
import { errorText, refusedFields } from '../components/error-text';
import { DOWNLINE_PICKER_SIZE } from '../constants';
import { parseRate, splitContracts, undercutContracts } from '../contracts';
import { formatPercent } from '../../../ui/format';

/** A field label marked optional. */
function Optional({ label }: { label: string }) {
  const { t } = useTranslation('agentCentre');
  return (
    <>
      {label} <span className="ac-optional">{t('form.optional')}</span>
    </>
  );
}


interface Form {
  account: string;
  rate: string;
  activeMembers: string;
  periodValidBet: string;
  periodPnl: string;
}
type Errors = Partial<Record<keyof Form, string>>;

const EMPTY: Form = { account: '', rate: '', activeMembers: '', periodValidBet: '', periodPnl: '' };

export function DividendPage() {
  const { t } = useTranslation('agentCentre');
  const me = useQuery(memberInfoQuery).data?.account ?? '';
  const contracts = useContracts('dividend');
  const downlines = useDownlines({ pageNo: 1, pageSize: DOWNLINE_PICKER_SIZE });
  const request = useRequestDividend();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const serverFields = refusedFields(request.error);

  if (contracts.isError)
    return <ErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />;
  const all = contracts.data?.contracts ?? [];
  const { mine, team } = splitContracts(all, me);
  const rate = parseRate(form.rate);
  const undercut = form.account && rate !== null ? undercutContracts(all, form.account, rate) : [];

  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const validate = (): Errors => {
    const next: Errors = {};
    if (!form.account) next.account = t('dividend.account_required');
    if (!form.rate.trim()) next.rate = t('dividend.rate_required');
    else if (rate === null) next.rate = t('dividend.rate_invalid');
    if (form.activeMembers.trim() && !/^\d{1,6}$/.test(form.activeMembers.trim()))
      next.activeMembers = t('dividend.whole_number');
    if (form.periodValidBet.trim() && !/^\d+(\.\d{1,2})?$/.test(form.periodValidBet.trim()))
      next.periodValidBet = t('dividend.amount_invalid');
    if (form.periodPnl.trim() && !/^-?\d+(\.\d{1,2})?$/.test(form.periodPnl.trim()))
      next.periodPnl = t('dividend.amount_invalid');
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0 || rate === null) return;
    // The agent confirms the contract-rate rule before the offer is sent.
    const ok = await confirmDialog({
      title: t('dividend.confirm_title'),
      message: (
        <div className="ac-confirm">
          <p>{t('dividend.confirm_text', { account: form.account, rate: formatPercent(rate) })}</p>
          <p className="ac-confirm__warning">{t('dividend.rate_warning')}</p>
          {undercut.map((c) => (
            <p key={c.id} className="ac-confirm__warning">
              {t('dividend.undercut', { account: c.account, rate: formatPercent(c.rate) })}
            </p>
          ))}
        </div>
      ),
      confirmText: t('dividend.proceed'),
      cancelText: t('form.cancel'),
      tone: 'warning',
    });
    if (!ok) return;
    const number = (text: string) => (text.trim() ? Number(text.trim()) : undefined);
    const activeMembers = number(form.activeMembers);
    const periodValidBet = number(form.periodValidBet);
    const periodPnl = number(form.periodPnl);
    request.mutate(
      {
        account: form.account,
        rate,
        ...(activeMembers !== undefined ? { activeMembers } : {}),
        ...(periodValidBet !== undefined ? { periodValidBet } : {}),
        ...(periodPnl !== undefined ? { periodPnl } : {}),
      },
      {
        onSuccess: (result) => {
          setForm(EMPTY);
          if (result.terminatedDownlines.length > 0) {
            void alertDialog({
              title: t('dividend.terminated_title'),
              message: t('dividend.terminated_text', {
                accounts: result.terminatedDownlines.join(', '),
              }),
              tone: 'warning',
            });
          }
          toast.success(
            t('dividend.offered', {
              account: result.contract.account,
              rate: formatPercent(result.contract.rate),
            }),
          );
        },
      },
    );
  };

  const error = (key: keyof Form) =>
    errors[key] ?? (serverFields.has(key) ? errorText(request.error) : null);

  return (
    <>
      <PageHead title={t('menu.agentDividendRecordCopy2')} lead={t('dividend.lead')} />
      {!contracts.data ? (
        <Skeleton height={200} radius={14} />
      ) : mine.length > 0 ? (
        <section className="centre-section" aria-labelledby="ac-dividend-mine">
          <h4 className="centre-card__title" id="ac-dividend-mine">
            {t('contracts.mine')}
          </h4>
          <ContractTable
            contracts={mine}
            kind="dividend"
            me={me}
            empty={t('contracts.empty')}
            caption={t('contracts.mine')}
          />
        </section>
      ) : null}

      <form
        className="centre-card centre-card--pad centre-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="ac-dividend-offer"
      >
        <h4 className="centre-card__title" id="ac-dividend-offer">
          {t('dividend.offer_title')}
        </h4>
        <div className="centre-form__row">
          <Field label={t('dividend.downline')} error={error('account')}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className="centre-select"
                value={form.account}
                onChange={(e) => set('account', e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              >
                <option value="">{t('dividend.choose_downline')}</option>
                {downlines.data?.list.map((d) => (
                  <option key={d.account} value={d.account}>
                    {d.account} · {d.isAgent ? t('register.type_agent') : t('register.type_player')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('dividend.rate')}
            error={error('rate')}
            addon={<span className="ac-unit">%</span>}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                value={form.rate}
                onChange={(e) => set('rate', e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="ltr"
              />
            )}
          </Field>
        </div>
        <div className="centre-form__row centre-form__row--3">
          <Field
            label={<Optional label={t('dividend.active_members')} />}
            error={error('activeMembers')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="numeric"
                autoComplete="off"
                value={form.activeMembers}
                onChange={(e) => set('activeMembers', e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="ltr"
              />
            )}
          </Field>
          <Field
            label={<Optional label={t('dividend.period_valid_bet')} />}
            error={error('periodValidBet')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                value={form.periodValidBet}
                onChange={(e) => set('periodValidBet', e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="ltr"
              />
            )}
          </Field>
          <Field label={<Optional label={t('dividend.period_pnl')} />} error={error('periodPnl')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                value={form.periodPnl}
                onChange={(e) => set('periodPnl', e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="ltr"
              />
            )}
          </Field>
        </div>
        <div className="ac-warning" role="note">
          <span className="ac-warning__icon" aria-hidden="true">
            !
          </span>
          <div>
            <strong>{t('dividend.rate_warning_title')}</strong>
            <p>{t('dividend.rate_warning')}</p>
            {undercut.map((c) => (
              <p key={c.id} className="ac-warning__specific">
                {t('dividend.undercut', { account: c.account, rate: formatPercent(c.rate) })}
              </p>
            ))}
          </div>
        </div>
        {request.isError && serverFields.size === 0 ? (
          <p className="form__alert" role="alert">
            {errorText(request.error)}
          </p>
        ) : null}
        <div className="centre-form__actions">
          <BusyButton type="submit" className="btn btn--primary btn--lg" busy={request.isPending}>
            {request.isPending ? t('form.working') : t('dividend.submit')}
          </BusyButton>
        </div>
      </form>

      <section className="centre-section" aria-labelledby="ac-dividend-team">
        <h4 className="centre-card__title" id="ac-dividend-team">
          {t('contracts.team')}
        </h4>
        {!contracts.data ? (
          <Skeleton height={200} radius={14} />
        ) : (
          <ContractTable
            contracts={team}
            kind="dividend"
            me={me}
            empty={t('contracts.empty')}
            caption={t('contracts.team')}
          />
        )}
      </section>
    </>
  );
}
