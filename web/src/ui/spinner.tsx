/** Loading indicators: a spinner with an accessible label, and skeleton blocks. */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './spinner.css';

export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className="spinner" role="status" style={{ '--spinner-size': `${size}px` } as CSSProperties}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}

/** A centred spinner filling a section while it loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size={40} />
    </div>
  );
}

export function Skeleton({ width, height = 16, radius, className }: { width?: number | string; height?: number | string; radius?: number; className?: string }) {
  return (
    <span
      className={`skeleton${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      style={{ inlineSize: width, blockSize: height, borderRadius: radius }}
    />
  );
}

/** A grid of card skeletons for lists still loading. */
export function SkeletonGrid({ count = 6, height = 160 }: { count?: number; height?: number }) {
  return (
    <div className="skeleton-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={12} />
      ))}
    </div>
  );
}
