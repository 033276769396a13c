/**
 * A button busy with what it started keeps the focus: while `busy` it says so (aria-disabled, which
 * global.css draws as disabled) and ignores presses, rather than being disabled, which would drop
 * the focus to the page. A press while busy is cancelled, so a submit button does not send its form
 * again; the form's own handler still refuses a second send while the first is under way.
 */
import type { ButtonHTMLAttributes, Ref } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function BusyButton({ busy, type = 'button', onClick, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
