import { CURRENCY_CODES, currencyLabel, formatMoney, isCurrencyCode } from './money';

describe('money', () => {
  it('knows the ISO 4217 codes and nothing else', () => {
    expect(CURRENCY_CODES).toEqual(expect.arrayContaining(['NGN', 'GBP', 'EUR', 'USD']));
    expect(isCurrencyCode('NGN')).toBe(true);
    expect(isCurrencyCode('naira pounds')).toBe(false);
    expect(isCurrencyCode('ngn')).toBe(false);
  });

  it('names a currency for a picker', () => {
    expect(currencyLabel('NGN')).toBe('NGN — Nigerian Naira');
  });

  it('formats an amount with its currency for the locale', () => {
    expect(formatMoney(20.5, 'GBP')).toBe('£20.50');
    expect(formatMoney('1200', 'NGN')).toMatch(/^NGN\s1,200\.00$/);
    expect(formatMoney('20.50', 'EUR', 'fr-FR')).toMatch(/^20,50\s€$/);
  });

  it('shows what it cannot read as it is', () => {
    expect(formatMoney('twenty', 'GBP')).toBe('twenty');
    expect(formatMoney('', 'GBP')).toBe('');
  });
});
