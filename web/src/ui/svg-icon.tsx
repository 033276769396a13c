/**
 * The one inline SVG icon of the app: a single path on the 24-unit grid, stroked in the text colour
 * (or filled), decorative (callers label the control). Every icon set (ui/icons, the game category
 * icons, the centres' menu icons) is a table of paths drawn through it; no icon font, no network.
 */
import type { SVGProps } from 'react';

export interface SvgIconProps extends Omit<SVGProps<SVGSVGElement>, 'd'> {
  /** The path, on a 24 × 24 view box. */
  d: string;
  size?: number;
  /** Filled in the text colour instead of stroked. */
  filled?: boolean;
}

export function SvgIcon({ d, size = 20, filled = false, strokeWidth = 1.8, ...rest }: SvgIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
