// @vitest-environment happy-dom
/** BusyButton: while busy it keeps the focus, says it is unavailable, and ignores presses. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../testing/setup';
import { BusyButton } from './busy-button';

setupDomTests();

describe('BusyButton', () => {
  it('keeps the focus while busy and ignores presses, which reach it again when it is done', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<BusyButton busy={false} onClick={onClick}>Go</BusyButton>);
    const button = screen.getByRole('button', { name: 'Go' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<BusyButton busy onClick={onClick}>Go</BusyButton>);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<BusyButton busy={false} onClick={onClick}>Go</BusyButton>);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('keeps the focus and ignores presses when unavailable for another reason (aria-disabled)', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <BusyButton busy={false} aria-disabled onClick={onClick}>
        Claim
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Claim' });
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('does not send its form again while busy', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <BusyButton type="submit" busy>
          Send
        </BusyButton>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
