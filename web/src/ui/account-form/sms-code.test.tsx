// @vitest-environment happy-dom
/**
 * The SMS code field: pressing Send code moves the focus to the code input (the button it was on is
 * disabled while the code is sent and counted down); a number refused before sending keeps the
 * focus where the form put it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setupDomTests } from '../../testing/setup';
import { SmsCodeField, useSmsSender } from './sms-code';

setupDomTests();

function Harness({ send, precheck }: { send: () => Promise<number>; precheck?: () => boolean }) {
  const sender = useSmsSender();
  const [code, setCode] = useState('');
  return (
    <form>
      <input aria-label="Mobile" />
      <SmsCodeField sender={sender} value={code} onValueChange={setCode} onSend={() => sender.trigger(send, precheck)} />
    </form>
  );
}

describe('SmsCodeField', () => {
  it('moves the focus from Send code to the code input while the code is sent and counted down', async () => {
    const user = userEvent.setup();
    let answer: (seconds: number) => void = () => {};
    render(<Harness send={() => new Promise<number>((resolve) => (answer = resolve))} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    await user.click(button);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(input);

    answer(60);
    await screen.findByRole('button', { name: /Code sent/ });
    expect(document.activeElement).toBe(input);
  });

  it('leaves the focus alone when the number is refused before sending', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        send={() => Promise.resolve(60)}
        precheck={() => {
          screen.getByRole('textbox', { name: 'Mobile' }).focus();
          return false;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Mobile' })));
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
