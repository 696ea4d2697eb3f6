import { CURRENCY_CODES, currencyLabel, formatMoney, isCurrencyCode, totalAmount } from './money';

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

  it('adds amounts kept as text exactly, in hundredths', () => {
    expect(totalAmount(['0.10', '0.20'])).toBe('0.30');
    expect(totalAmount(['20', '20.5', null, '', 'twenty', undefined])).toBe('40.50');
    expect(totalAmount([])).toBe('0.00');
  });
});
