import { act, screen } from '@testing-library/react';
import { formatDate, formatDateTime, formatMoney, parishToday, rememberParish, useParish } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';

signIn();

/** A screen that shows what it knows of the parish. */
function ParishLine() {
  const parish = useParish();
  if (!parish.loaded) return <p>Reading the parish</p>;
  return (
    <p>
      {parish.name} · {formatMoney(20.5, parish.currency)} · weeks from {parish.weekStart} ·{' '}
      {formatDateTime('2026-03-01T23:30:00Z')}
    </p>
  );
}

const parish = (timeZone: string) => ({ name: 'Holy Family', currency: 'GBP', timeZone, weekStart: 0 });

describe('useParish', () => {
  it("reads the parish once, and every date is then shown in the parish's zone, whatever the browser's", async () => {
    const calls = stubApi({ 'GET /parish': () => [200, { message: 'ok', data: parish('Pacific/Kiritimati') }] });
    renderRoutes([{ path: '/', element: <ParishLine /> }]);
    expect(screen.getByText('Reading the parish')).toBeInTheDocument();
    // Kiritimati is UTC+14: 23:30 UTC is the next morning there.
    expect(await screen.findByText('Holy Family · £20.50 · weeks from 0 · 02/03/2026 13:30')).toBeInTheDocument();
    expect(formatDate('2026-03-01T23:30:00Z')).toBe('02/03/2026');
    // A plain calendar day stays that day.
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(parishToday(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(calls.filter((call) => call.url === '/parish')).toHaveLength(1);
  });

  it('shows the settings Settings → Parish saved at once, zone included', async () => {
    stubApi({ 'GET /parish': () => [200, { message: 'ok', data: parish('Pacific/Kiritimati') }] });
    renderRoutes([{ path: '/', element: <ParishLine /> }]);
    await screen.findByText(/Holy Family/);
    act(() => rememberParish({ ...parish('Pacific/Pago_Pago'), name: 'St Anne', currency: 'EUR' }));
    // Pago Pago is UTC−11: the same moment is still the first, at half past noon.
    expect(screen.getByText('St Anne · €20.50 · weeks from 0 · 01/03/2026 12:30')).toBeInTheDocument();
  });
});
