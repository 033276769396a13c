import { useTranslation } from 'react-i18next';

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
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9Z"
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
