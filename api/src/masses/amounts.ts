// Stipends are kept as decimal text ('20', '20.50'): summed here in minor units (hundredths) as whole
// numbers, never as floats, so that a parish's total is exact however many are added up.

const STORED = /^(\d+)(?:\.(\d{1,2}))?$/;

/** A stored amount in hundredths; 0 for none (null, '') or one that is not an amount. */
export function toMinor(amount: string | null): bigint {
  const match = amount ? STORED.exec(amount.trim()) : null;
  if (!match) return 0n;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Hundredths written as an amount with two decimals: 2050n → '20.50'. */
export function fromMinor(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

/** The exact total of stored amounts, with two decimals ('0.00' for none). */
export function sumAmounts(amounts: readonly (string | null)[]): string {
  return fromMinor(amounts.reduce((total, amount) => total + toMinor(amount), 0n));
}
