import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../../ui/svg-icon';

/** Favourite star of a lottery (a toggle button named after the lottery). */
export function LotteryStar({ name, active, onToggle }: { name: string; active: boolean; onToggle: () => void }) {
  const { t } = useTranslation('lottery');
  return (
    <button
      type="button"
      className={`lx-star${active ? ' lx-star--on' : ''}`}
      aria-pressed={active}
      aria-label={t(active ? 'favourite.remove_named' : 'favourite.add_named', { name })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <SvgIcon d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9Z" size={16} strokeWidth={1.7} fill={active ? 'currentColor' : 'none'} />
    </button>
  );
}
