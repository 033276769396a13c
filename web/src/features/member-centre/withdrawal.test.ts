import { describe, expect, it } from 'vitest';
import { autoReceiveAt, cleanRemark, withdrawalState } from './withdrawal';

describe('withdrawal states', () => {
  it('reads pending, rejected, received and force-received withdrawals', () => {
    expect(withdrawalState({ status: 'pending', remark: 'Withdrawal to EasyPaisa' })).toBe(
      'awaiting',
    );
    expect(withdrawalState({ status: 'rejected', remark: 'x' })).toBe('rejected');
    expect(withdrawalState({ status: 'success', remark: 'Withdrawal to EasyPaisa' })).toBe(
      'received',
    );
    expect(
      withdrawalState({ status: 'success', remark: 'Withdrawal to EasyPaisa (auto-received)' }),
    ).toBe('auto_received');
  });

  it('computes the auto-receive time from the server minutes', () => {
    expect(autoReceiveAt(1_000, 30)).toBe(1_000 + 30 * 60_000);
  });

  it('drops the mark from the remark', () => {
    expect(cleanRemark('Withdrawal to Bank (auto-received)')).toBe('Withdrawal to Bank');
  });
});
