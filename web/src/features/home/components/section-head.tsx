import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CategoryIcon } from '../../../ui/games/category-icon';

/** A home section's heading: icon chip, title, optional count and a 'see all' link. */
export function SectionHead({
  id,
  icon,
  title,
  tone,
  more,
  extra,
}: {
  id: string;
  icon: string;
  title: string;
  tone?: 'gold' | 'hot';
  more?: { to: string; label: string; name: string };
  extra?: ReactNode;
}) {
  return (
    <div className="gx-section__head">
      <span className={`gx-section__icon${tone ? ` gx-section__icon--${tone}` : ''}`} aria-hidden="true">
        <CategoryIcon name={icon} size={18} />
      </span>
      <h2 id={id} className="gx-section__title">
        {title}
      </h2>
      {extra}
      {more ? (
        <Link className="gx-section__more" to={more.to} aria-label={more.name}>
          {more.label}
          <CategoryIcon name="BACK" size={14} />
        </Link>
      ) : null}
    </div>
  );
}
