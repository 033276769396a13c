/**
 * Activity states (join, claim, applying, close, rejected, issued, claimed,
 * process, joined, coming soon): what the reward centre shows for each and which action it offers.
 */
import type { Tone } from '../../ui/centre/parts';
import type { ActivityStatus } from './types';

/**
 * - join: join the activity (an application for reviewed categories), with an optional remark;
 * - apply: 'claim' of a bonus activity applies for it (staff review: 'applying'), with a remark;
 * - prize: 'claim' of a raffle credits the prize at once (claimRaffle, no remark).
 */
export type ActivityAction = 'join' | 'apply' | 'prize';

export interface ActivityView {
  tone: Tone;
  action: ActivityAction | null;
}

const TONES: Record<ActivityStatus, Tone> = {
  join: 'accent',
  claim: 'accent',
  applying: 'pending',
  process: 'pending',
  joined: 'info',
  issued: 'success',
  claimed: 'success',
  rejected: 'danger',
  close: 'muted',
  'coming soon': 'muted',
};

export function activityView(status: ActivityStatus, category: string): ActivityView {
  let action: ActivityAction | null = null;
  if (status === 'join') action = 'join';
  else if (status === 'claim') action = category.toLowerCase() === 'raffle' ? 'prize' : 'apply';
  return { tone: TONES[status], action };
}

/** i18n key suffix of a state ('coming soon' has a space the keys avoid). */
export function statusKey(status: ActivityStatus): string {
  return status.replace(' ', '_');
}
