/** The centre's words for a refused amount (refuseAmount), money in the brand's currency. */
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../ui/centre/parts';
import type { AmountRefusal } from '../amount';

export function useAmountMessage(): (refusal: AmountRefusal | null) => string | undefined {
  const { t } = useTranslation('memberCentre');
  const money = useMoney();
  return (refusal) => {
    if (!refusal) return undefined;
    switch (refusal.key) {
      case 'form.amount_range':
        return t(refusal.key, { min: money(refusal.min), max: money(refusal.max) });
      case 'form.amount_over_balance':
        return t(refusal.key, { amount: money(refusal.amount) });
      default:
        return t(refusal.key);
    }
  };
}
