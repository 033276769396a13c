/**
 * A brand label in the server's colours (the VIP level's club label, the member label): its
 * background as sent, one colour or a two-stop gradient, and a text colour that stays readable on it
 * (WCAG AA, see readable-color.ts) even when the brand's own pairing is too faint.
 */
import { LIGHT_TEXT, readableTextColor } from './readable-color';

export function LabelChip({
  text,
  background,
  textColor = LIGHT_TEXT,
  className,
}: {
  text: string;
  /** One colour, or the two stops of a left-to-right gradient. */
  background: readonly [string] | readonly [string, string];
  /** The server's text colour, if it sends one (the chip is white-on-colour otherwise). */
  textColor?: string;
  className?: string;
}) {
  const [from, to] = background;
  return (
    <span
      className={className ? `chip ${className}` : 'chip'}
      style={{
        background: to === undefined ? from : `linear-gradient(90deg, ${from}, ${to})`,
        color: readableTextColor(background, textColor),
      }}
    >
      {text}
    </span>
  );
}
