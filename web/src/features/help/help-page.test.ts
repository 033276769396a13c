import { describe, expect, it } from 'vitest';
import { withoutLeadingTitle } from './help-page';

describe('the user agreement page shows its name once', () => {
  it('leaves out a first heading that says the title, whatever its level and case', () => {
    expect(withoutLeadingTitle('<h2>User Agreement</h2><p>By registering…</p>', 'User agreement')).toBe('<p>By registering…</p>');
    expect(withoutLeadingTitle('  <h1 class="x"><b>صارف</b> معاہدہ</h1><h3>1.</h3>', 'صارف معاہدہ')).toBe('<h3>1.</h3>');
  });

  it('keeps a first heading that says something else, and a title that is not first', () => {
    expect(withoutLeadingTitle('<h2>Terms of play</h2><p>…</p>', 'User agreement')).toBe('<h2>Terms of play</h2><p>…</p>');
    expect(withoutLeadingTitle('<p>Intro</p><h2>User agreement</h2>', 'User agreement')).toBe('<p>Intro</p><h2>User agreement</h2>');
  });
});
