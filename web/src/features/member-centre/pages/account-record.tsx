/**
 * Account record (transactionHistory): every ledger transaction of the member in a date range,
 * optionally of one kind; deposits, withdrawals, transfers and claims all appear here.
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/centre/parts';
import { useTransactionColumns } from '../../../ui/centre/record-columns';
import { useAccountRecords } from '../api/get-account-records';
import { FilterSelect, RecordReport, useRecordFilter } from '../components/record-report';
import { kindLabel, TRANSACTION_KINDS } from '../labels';
import type { Transaction } from '../types';
import { cleanRemark, withdrawalState } from '../withdrawal';

export function AccountRecordPage() {
  const { t } = useTranslation('memberCentre');
  const filter = useRecordFilter();
  const records = useAccountRecords({ ...filter.params, ...(filter.choice ? { kind: filter.choice } : {}) });

  const columns = useTransactionColumns<Transaction>('memberCentre', {
    // A withdrawal confirmed by time rather than by the member says so.
    status: (r) =>
      r.kind === 'withdraw' && withdrawalState(r) === 'auto_received' ? (
        <Badge tone="info">{t('withdraw.state.auto_received')}</Badge>
      ) : undefined,
    remark: (r) => cleanRemark(r.remark),
  });

  return (
    <RecordReport
      title={t('menu.transactionHistory')}
      lead={t('records.account_lead')}
      empty={t('records.empty')}
      filter={filter}
      select={
        <FilterSelect
          filter={filter}
          label={t('records.type')}
          allLabel={t('records.all_types')}
          options={TRANSACTION_KINDS.map((k) => ({ value: k, label: kindLabel(t, k) }))}
        />
      }
      query={records}
      columns={columns}
    />
  );
}
