/**
 * A button busy with what it started keeps the focus: while `busy` it says so (aria-disabled, which
 * global.css draws as disabled) and ignores presses, rather than being disabled, which would drop
 * the focus to the page. A press while busy is cancelled, so a submit button does not send its form
 * again; the form's own handler still refuses a second send while the first is under way.
 *
 * `aria-disabled` given for another reason (e.g. nothing left to claim) is kept the same way: the
 * button stays focusable, reads as unavailable, and ignores presses.
 */
import type { ButtonHTMLAttributes, Ref } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function BusyButton({ busy, type = 'button', onClick, ...rest }: BusyButtonProps) {
  const unavailable = busy || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  return (
    <button
      {...rest}
      type={type}
      aria-disabled={unavailable || undefined}
      onClick={(e) => {
        if (unavailable) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
