// Amounts and currencies, one way on every screen. The codes are ISO 4217 as the JavaScript engine knows
// them (Intl), so the browser's list and the server's check are the same list with no table of our own.

/** The ISO 4217 codes this engine can format, sorted (NGN, GBP, EUR …). */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');

const known = new Set(CURRENCY_CODES);

/** Whether `code` is an ISO 4217 currency code (three capital letters the engine knows). */
export const isCurrencyCode = (code: string): boolean => known.has(code);

/** A currency's name in English, for a picker: "NGN — Nigerian Naira". */
export function currencyLabel(code: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/**
 * An amount with its currency, formatted for the locale (£1,200.00; NGN 20.50; 20,50 € in fr). A decimal
 * written as text (a stipend "20.50") is read as such; unreadable input is returned as given, so a
 * stored oddity is shown rather than hidden.
 */
export function formatMoney(amount: number | string, currency: string, locale = 'en-GB'): string {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (typeof amount === 'string' && amount.trim() === '') return '';
  if (!Number.isFinite(value) || !isCurrencyCode(currency)) return String(amount);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
}

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The exact total of amounts kept as decimal text ('20', '20.50'), added in hundredths, never as
 * floats: '40.50'. None, and text that is no amount, count as nothing.
 */
export function totalAmount(amounts: readonly (string | null | undefined)[]): string {
  let hundredths = 0n;
  for (const amount of amounts) {
    const match = amount ? AMOUNT.exec(amount.trim()) : null;
    if (match) hundredths += BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  }
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
