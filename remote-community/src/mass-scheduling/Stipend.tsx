import { formatMoney, totalAmount, useParish } from 'shared';
import styled from 'styled-components';

/** A stipend with the parish's currency (Settings → Parish); '—' for none. */
export function Stipend({ amount }: { amount: string | null }) {
  const { currency } = useParish();
  return <span>{amount ? formatMoney(amount, currency) : '—'}</span>;
}

const Total = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-weight: 600;
  text-align: right;
`;

/** The total of stipends, exact, with the parish's currency: "Stipends of this week: ₦40.50". */
export function StipendTotal({ label, amounts }: { label: string; amounts: readonly (string | null)[] }) {
  const { currency } = useParish();
  return (
    <Total>
      {label}: {formatMoney(totalAmount(amounts), currency)}
    </Total>
  );
}
