/** Money and count formatting for tiles, rooms and the winners list (currency symbol prefix, spec section 2). */
export function formatMoney(amount: number, symbol: string, language: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const text = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(amount);
  return `${symbol}${text}`;
}

export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n);
}
