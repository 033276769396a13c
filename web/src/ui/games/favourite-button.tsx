import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../svg-icon';
import './favourite-button.css';

/** The star on a tile: a toggle button (aria-pressed) whose name says what a click does. */
export function FavouriteButton({
  name,
  active,
  onToggle,
  className,
}: {
  name: string;
  active: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const { t } = useTranslation('games');
  return (
    <button
      type="button"
      className={`gx-fav${active ? ' gx-fav--on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={active}
      aria-label={t(active ? 'favourite.remove_named' : 'favourite.add_named', { name })}
      title={t(active ? 'favourite.remove' : 'favourite.add')}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <SvgIcon d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9Z" size={18} strokeWidth={1.8} fill={active ? 'currentColor' : 'none'} />
    </button>
  );
}
