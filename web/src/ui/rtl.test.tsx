// @vitest-environment happy-dom
/**
 * Right-to-left without scrambling: on an Urdu page every figure the formatter
 * writes is a left-to-right isolate, inside translated sentences too; signed amounts are one `<bdi>`;
 * server HTML takes the direction of its own text.
 */
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { renderWithApp, setupComponentTests } from '../testing/render';
import { Amount } from './centre/parts';
import { formatMoney, formatPercent } from './format';
import { SafeHtml } from './safe-html';

setupComponentTests();
afterEach(async () => {
  await setLanguage('EN');
});

const LRI = '\u2066';
const PDI = '\u2069';

function AmountHint() {
  const { t } = useTranslation('memberCentre');
  return <p data-testid="hint">{t('form.amount_hint', { min: formatMoney(10, '$'), max: formatMoney(99, '$') })}</p>;
}

describe('an Urdu page', () => {
  it('isolates the amounts of a translated range, each with its full stop', async () => {
    await setLanguage('UR');
    expect(document.documentElement.dir).toBe('rtl');
    renderWithApp(<AmountHint />);
    const text = screen.getByTestId('hint').textContent ?? '';
    expect(text).toContain(`${LRI}$10.00${PDI}`);
    expect(text).toContain(`${LRI}$99.00${PDI}`);
    expect(text).toMatch(/[\u0600-\u06FF]/);
    expect(text).not.toMatch(/\$10,00/);
  });

  it('keeps a signed amount whole: sign, symbol and figure in one left-to-right isolate', async () => {
    await setLanguage('UR');
    renderWithApp(<Amount value={100} />);
    const amount = screen.getByText((_, el) => el?.tagName === 'BDI' && (el.textContent ?? '').includes('100.00'));
    expect(amount.getAttribute('dir')).toBe('ltr');
    expect(amount.textContent).toBe(`+${LRI}$100.00${PDI}`);
    expect(formatPercent(12.5)).toBe(`${LRI}12.5%${PDI}`);
  });

  it('shows server HTML in its own direction: an English fallback item stays left-to-right', async () => {
    await setLanguage('UR');
    const { container } = renderWithApp(<SafeHtml html="<p>Deposit $10 - $99</p>" />);
    expect(container.querySelector('.rich-text')?.getAttribute('dir')).toBe('auto');
  });

  it('leaves an English page without isolates', async () => {
    await setLanguage('EN');
    renderWithApp(<AmountHint />);
    expect(screen.getByTestId('hint').textContent).toBe('From $10.00 to $99.00');
  });
});
