/** Betting record (personalHistoryCopy): the member's bets in a date range, optionally one provider. */
import { useTranslation } from 'react-i18next';
import { useBetColumns } from '../../../ui/centre/record-columns';
import { useBettingRecords } from '../api/get-betting-records';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { FilterSelect, RecordReport, useRecordFilter } from '../components/record-report';
import type { BetRecord } from '../types';

export function BettingRecordPage() {
  const { t } = useTranslation('memberCentre');
  const filter = useRecordFilter();
  const wallet = useMerchantWallet();
  const records = useBettingRecords({ ...filter.params, ...(filter.choice ? { vendor: filter.choice } : {}) });

  const columns = useBetColumns<BetRecord>('memberCentre');

  return (
    <RecordReport
      title={t('menu.personalHistoryCopy')}
      lead={t('records.betting_lead')}
      empty={t('records.empty')}
      filter={filter}
      select={
        <FilterSelect
          filter={filter}
          label={t('records.provider')}
          allLabel={t('records.all_providers')}
          options={(wallet.data?.wallets ?? []).map((w) => ({ value: w.vendor, label: w.name }))}
        />
      }
      query={records}
      columns={columns}
    />
  );
}
