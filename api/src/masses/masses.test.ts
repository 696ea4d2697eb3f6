import { engines, startServer, type TestServer } from '../testing/harness';
import { signedInMembers, type SignedInMember } from '../testing/members';
import { storedState } from '../testing/snapshot';
import { localNow } from '../http/dates';
import { addDays, mondayOf, weekdayOf } from './calendar';

// The parish's Masses (regular: a weekday and a time; one-off: a date) and the intentions placed in
// them: Requested → Scheduled → Said, or Cancelled. The mobile app's submit is untouched.

interface Listed {
  _id: string;
  fullname: string;
  state: string;
  mass: { _id: string; date: string; time: string; place: string; title: string } | null;
  stipend: string | null;
  receipt: string;
  stateChangedBy: string | null;
}

describe.each(engines())('Masses and their intentions on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let members: Record<'Manager' | 'Guest User', SignedInMember>;
  const today = localNow().date;
  const tomorrow = addDays(today, 1);
  const yesterday = addDays(today, -1);

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
    members = await signedInMembers(server);
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, json?: unknown, as = token, userId = admin) =>
    server.call(method, `/api/v1/${path.replace('{userId}', userId)}`, {
      token: as,
      ...(json === undefined ? {} : { json }),
    });
  const submit = async (fullname: string) =>
    (
      await server.call('POST', '/api/v1/mass/intention', {
        json: { fullname, email: 'asker@example.com', intention: `For ${fullname}` },
      })
    ).body.data._id as string;
  const place = (id: string, massId: string, as = token, userId = admin) =>
    call('PUT', `mass/intention/place/{userId}/${id}`, { massId }, as, userId);
  const care = (id: string, json: unknown) => call('PUT', `mass/intention/{userId}/${id}`, json);
  const listed = async () => (await call('GET', 'mass/intention/{userId}')).body.data as Listed[];
  const one = async (id: string) => (await listed()).find((row) => row._id === id)!;
  const week = async (day: string) =>
    (await call('GET', `masses/week/{userId}?week=${day}`)).body.data as {
      week: string;
      masses: { _id: string; date: string; time: string; cap: number; title: string; intentions: { _id: string }[] }[];
    };
  const addRegular = async (json: object) => (await call('POST', 'add/regular/mass/{userId}', json)).body.data;
  /** A day as the lines write it: dd/mm/yyyy. */
  const shownDay = (day: string) => day.split('-').reverse().join('/');
  /** Waits for a line saying `text`. */
  const activityLine = async (kind: string, text: string) => {
    const started = Date.now();
    for (;;) {
      const res = await call('GET', `activity?kind=${encodeURIComponent(kind)}&limit=100`);
      const lines = (res.body.data as { summary: string }[]).map((line) => line.summary);
      const found = lines.find((line) => line.includes(text));
      if (found || Date.now() - started > 3000) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** Expects the call refused with `status` and `message`, and nothing stored changed. */
  const refused = async (
    made: () => Promise<{ status: number; body: unknown }>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await storedState(server);
    const res = await made();
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: typeof message === 'string' ? message : expect.stringMatching(message) });
    expect(await storedState(server)).toBe(before);
  };

  it('keeps the mobile app’s submit as it was, and lists each request Requested with no Mass', async () => {
    const res = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'Ada Obi', email: 'ada@example.com', intention: 'Thanksgiving' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['_id', 'createdAt', 'email', 'fullname', 'intention']);
    expect(await one(res.body.data._id as string)).toEqual(
      expect.objectContaining({ state: 'Requested', mass: null, stipend: null, receipt: '', stateChangedBy: null }),
    );
  });

  it('adds a regular Mass with a cap of 5 unless told, and lists its dates in the week', async () => {
    const res = await call('POST', 'add/regular/mass/{userId}', {
      weekday: weekdayOf(tomorrow),
      time: '07:00',
      place: '  Main church ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Regular Mass added successfully',
      data: {
        _id: expect.any(String),
        weekday: weekdayOf(tomorrow),
        time: '07:00',
        place: 'Main church',
        celebrant: '',
        cap: 5,
      },
    });
    const listing = await week(tomorrow);
    expect(listing.week).toBe(mondayOf(tomorrow));
    expect(listing.masses).toContainEqual(
      expect.objectContaining({
        _id: `${res.body.data._id}.${tomorrow}`,
        date: tomorrow,
        time: '07:00',
        cap: 5,
        intentions: [],
      }),
    );
    expect((await call('GET', 'masses/regular/{userId}')).body.data).toContainEqual(res.body.data);
    expect(
      await activityLine('regular Mass', `Added regular Mass “${weekdayOf(tomorrow)} 07:00, Main church”`),
    ).toBeTruthy();
  });

  it("runs the week from the parish's first day, and lists the regular Masses in that order", async () => {
    const parish = (await call('GET', 'parish')).body.data as { weekStart: number };
    const regular = async () => (await call('GET', 'masses/regular/{userId}')).body.data as { weekday: string }[];
    const added = [
      await addRegular({ weekday: 'Saturday', time: '18:00', place: 'Chapel' }),
      await addRegular({ weekday: 'Sunday', time: '09:00', place: 'Chapel' }),
    ] as { _id: string }[];
    const order = async () =>
      (await regular()).map((mass) => mass.weekday).filter((day, i, all) => all.indexOf(day) === i);
    // Monday to Sunday unless the parish says otherwise: Saturday before Sunday.
    expect((await order()).indexOf('Saturday')).toBeLessThan((await order()).indexOf('Sunday'));
    expect((await call('PUT', 'parish', { ...parish, weekStart: 0 })).status).toBe(200);
    try {
      // 2026-12-09 is a Wednesday: its week starts on Sunday 6 December, and ends on Saturday 12th.
      const listing = await week('2026-12-09');
      expect(listing.week).toBe('2026-12-06');
      expect(listing.masses.every((mass) => mass.date >= '2026-12-06' && mass.date <= '2026-12-12')).toBe(true);
      expect(listing.masses.map((mass) => mass.date)).toEqual(expect.arrayContaining(['2026-12-06', '2026-12-12']));
      expect(await order()).toEqual(expect.arrayContaining(['Sunday', 'Saturday']));
      expect((await order())[0]).toBe('Sunday');
    } finally {
      await call('PUT', 'parish', parish);
      // The other cases count the Masses to come: these two are gone again.
      for (const mass of added) await call('DELETE', `delete/regular/mass/{userId}/${mass._id}`);
    }
  });

  it.each([
    [{ weekday: 'Someday', time: '07:00', place: 'Chapel' }, /^Weekday must be one of: Sunday, Monday/],
    [{ weekday: 'Sunday', time: '25:00', place: 'Chapel' }, 'Time is not in the expected format'],
    [{ weekday: 'Sunday', time: '07:00', place: ' ' }, 'Place is required'],
    [{ weekday: 'Sunday', time: '07:00', place: 'Chapel', cap: 0 }, 'Cap must be at least 1'],
  ])('refuses a regular Mass that is not one in words (%#)', async (json, message) => {
    await refused(() => call('POST', 'add/regular/mass/{userId}', json), 400, message);
  });

  it('adds a one-off Mass with its title, and refuses a date that is not a day', async () => {
    const res = await call('POST', 'add/mass/{userId}', {
      date: tomorrow,
      time: '14:00',
      place: 'Chapel',
      celebrant: 'Fr. Paul',
      title: 'Wedding',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(
      expect.objectContaining({
        date: tomorrow,
        time: '14:00',
        title: 'Wedding',
        cap: 5,
        regularMassId: null,
        past: false,
      }),
    );
    expect((await week(tomorrow)).masses.map((mass) => mass._id)).toContain(res.body.data._id);
    await refused(
      () => call('POST', 'add/mass/{userId}', { date: '2026-02-30', time: '14:00', place: 'Chapel' }),
      400,
      'Date must be a day of the calendar, written YYYY-MM-DD',
    );
    await refused(
      () => call('GET', 'masses/week/{userId}?week=soon'),
      400,
      'Week must be a day of the calendar, written YYYY-MM-DD',
    );
  });

  it('places intentions in a Mass until it is full; the next is refused in words and nothing changes', async () => {
    const regular = await addRegular({ weekday: weekdayOf(tomorrow), time: '10:30', place: 'Main church', cap: 2 });
    const massId = `${regular._id}.${tomorrow}`;
    const first = await submit('First Asker');
    const second = await submit('Second Asker');
    const third = await submit('Third Asker');
    const res = await place(first, massId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mass intention scheduled successfully');
    expect(res.body.data).toEqual(
      expect.objectContaining({
        _id: first,
        state: 'Scheduled',
        stateChangedBy: 'admin@example.com',
        mass: expect.objectContaining({ date: tomorrow, time: '10:30', place: 'Main church' }),
      }),
    );
    // The date is a Mass of its own now: the week lists it once, under its stored id, with the intention.
    const stored = (await week(tomorrow)).masses.filter((mass) => mass.time === '10:30' && mass.date === tomorrow);
    expect(stored).toHaveLength(1);
    expect(stored[0]!._id).toBe(res.body.data.mass._id);
    expect(stored[0]!.intentions.map((intention) => intention._id)).toEqual([first]);
    // Either id names it.
    expect((await place(second, massId)).status).toBe(200);
    await refused(() => place(third, stored[0]!._id), 409, 'This Mass is full: it takes 2 intentions');
    await refused(
      () => place(first, massId),
      409,
      /^This intention is already placed in a Mass \(.*10:30, Main church\)/,
    );
    expect(
      await activityLine(
        'mass intention',
        `Placed mass intention of “First Asker” in “${weekdayOf(tomorrow)} ${shownDay(tomorrow)} 10:30`,
      ),
    ).toBeTruthy();
  });

  it('places in the next free Mass: the first from now with room, skipping the full ones', async () => {
    const asker = await submit('Next Asker');
    const res = await place(asker, 'next');
    expect(res.status).toBe(200);
    const chosen = res.body.data.mass as { date: string; time: string };
    // The full 10:30 of tomorrow is not chosen; whatever is chosen is to come.
    expect(`${chosen.date} ${chosen.time}` > `${today} ${localNow().time}`).toBe(true);
    expect(`${chosen.date} ${chosen.time}`).not.toBe(`${tomorrow} 10:30`);
  });

  it('refuses a Mass in the past, a Mass or an intention that does not exist', async () => {
    const asker = await submit('Late Asker');
    const gone = await call('POST', 'add/mass/{userId}', { date: yesterday, time: '09:00', place: 'Chapel' });
    await refused(
      () => place(asker, gone.body.data._id as string),
      409,
      'This Mass has begun or is over: it takes no new intentions',
    );
    const regular = await addRegular({ weekday: weekdayOf(yesterday), time: '06:00', place: 'Chapel' });
    await refused(
      () => place(asker, `${regular._id}.${yesterday}`),
      409,
      'This Mass has begun or is over: it takes no new intentions',
    );
    await refused(() => place(asker, 'ffffffffffffffffffffffff'), 404, 'Mass not found');
    // A date that is not the regular Mass's weekday is no Mass of it.
    await refused(() => place(asker, `${regular._id}.${today}`), 404, 'Mass not found');
    await refused(() => place('ffffffffffffffffffffffff', 'next'), 404, 'Mass intention not found');
    expect((await one(asker)).state).toBe('Requested');
  });

  it('moves a Mass (its date and time) with its intentions; a cap below them is refused', async () => {
    const regular = await addRegular({ weekday: weekdayOf(tomorrow), time: '18:00', place: 'Main church' });
    const asker = await submit('Moving Asker');
    const other = await submit('Other Asker');
    await place(asker, `${regular._id}.${tomorrow}`);
    const massId = (await place(other, `${regular._id}.${tomorrow}`)).body.data.mass._id as string;
    const later = addDays(tomorrow, 7);
    await refused(
      () => call('PUT', `edit/mass/{userId}/${massId}`, { date: later, time: '19:00', place: 'Main church', cap: 1 }),
      409,
      '2 intentions are placed in this Mass: the cap cannot be below 2',
    );
    await refused(
      () =>
        call('PUT', `edit/regular/mass/{userId}/${regular._id}`, {
          weekday: weekdayOf(tomorrow),
          time: '18:00',
          place: 'Main church',
          cap: 1,
        }),
      409,
      `2 intentions are placed in the Mass of ${tomorrow}: the cap cannot be below 2`,
    );
    const moved = await call('PUT', `edit/mass/{userId}/${massId}`, {
      date: later,
      time: '19:00',
      place: 'Main church',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual(expect.objectContaining({ _id: massId, date: later, time: '19:00' }));
    expect(moved.body.data.intentions.map((intention: { _id: string }) => intention._id)).toEqual([asker, other]);
    expect((await one(asker)).mass).toEqual(expect.objectContaining({ _id: massId, date: later, time: '19:00' }));
    // The date it stood for is not listed again from the regular pattern.
    const thatWeek = (await week(tomorrow)).masses.filter((mass) => mass.time === '18:00' && mass.date === tomorrow);
    expect(thatWeek).toEqual([]);
    expect(
      await activityLine('Mass', `Edited Mass “${weekdayOf(later)} ${shownDay(later)} 19:00, Main church”`),
    ).toBeTruthy();
  });

  it('marks Said, takes out (Requested), cancels; records a stipend and a receipt; refuses what is not so', async () => {
    const regular = await addRegular({ weekday: weekdayOf(addDays(today, 2)), time: '08:00', place: 'Chapel', cap: 1 });
    const massId = `${regular._id}.${addDays(today, 2)}`;
    const asker = await submit('Caring Asker');
    const waiting = await submit('Waiting Asker');
    await refused(() => care(asker, { state: 'Said' }), 409, 'Only an intention placed in a Mass can be marked Said');
    await refused(() => care(asker, { state: 'Scheduled' }), 400, 'An intention is Scheduled by placing it in a Mass');
    await refused(
      () => care(asker, { state: 'Holy' }),
      400,
      'State must be one of: Requested, Scheduled, Said, Cancelled',
    );
    await refused(() => care(asker, { stipend: 'twenty' }), 400, 'Stipend must be an amount, like 20 or 20.50');
    await refused(() => care(asker, { stipend: '-5' }), 400, 'Stipend must be an amount, like 20 or 20.50');
    await refused(() => care(asker, { stipend: 20 }), 400, /^Stipend must be/);
    await refused(() => care(asker, {}), 400, 'Say what to change: a state, a stipend or a receipt number');
    await refused(() => care('ffffffffffffffffffffffff', { state: 'Said' }), 404, 'Mass intention not found');

    const paid = await care(asker, { stipend: '20.50', receipt: 'R-0042' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual(
      expect.objectContaining({ stipend: '20.50', receipt: 'R-0042', state: 'Requested' }),
    );
    expect((await place(asker, massId)).status).toBe(200);
    await refused(() => place(waiting, massId), 409, 'This Mass is full: it takes 1 intention');
    // Taken out, its place is free again.
    expect((await care(asker, { state: 'Requested' })).body.data).toEqual(
      expect.objectContaining({ state: 'Requested', mass: null }),
    );
    expect((await place(waiting, massId)).status).toBe(200);
    const said = await care(waiting, { state: 'Said' });
    expect(said.body.data).toEqual(
      expect.objectContaining({ state: 'Said', mass: expect.objectContaining({ time: '08:00' }) }),
    );
    expect((await care(asker, { state: 'Cancelled' })).body.data.state).toBe('Cancelled');
    await refused(() => place(asker, 'next'), 409, 'This intention is cancelled: mark it Requested before placing it');
    expect(await activityLine('mass intention', 'Mass intention of “Waiting Asker”: marked Said')).toBeTruthy();
  });

  it('lets a Manager schedule; a Guest User reads the week but changes nothing (403 in words)', async () => {
    const regular = await addRegular({ weekday: weekdayOf(addDays(today, 3)), time: '12:00', place: 'Chapel' });
    const massId = `${regular._id}.${addDays(today, 3)}`;
    const asker = await submit('Guest Asker');
    const guest = members['Guest User'];
    await refused(
      () => place(asker, massId, guest.token, guest.id),
      403,
      'A Guest User can look at everything but change nothing',
    );
    await refused(
      () =>
        call('POST', 'add/mass/{userId}', { date: tomorrow, time: '09:00', place: 'Chapel' }, guest.token, guest.id),
      403,
      'A Guest User can look at everything but change nothing',
    );
    expect((await call('GET', `masses/week/{userId}?week=${today}`, undefined, guest.token, guest.id)).status).toBe(
      200,
    );
    const manager = members.Manager;
    expect((await place(asker, massId, manager.token, manager.id)).status).toBe(200);
  });

  it('gives two placements at once in the last place one place: the other is refused in words', async () => {
    const day = addDays(today, 5);
    const regular = await addRegular({ weekday: weekdayOf(day), time: '16:00', place: 'Grotto', cap: 1 });
    const [a, b] = [await submit('Quick One'), await submit('Quick Two')];
    const answers = await Promise.all([place(a, `${regular._id}.${day}`), place(b, `${regular._id}.${day}`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
      message: 'This Mass is full: it takes 1 intention',
    });
    const grotto = (await week(day)).masses.filter((found) => found.date === day && found.time === '16:00');
    expect(grotto).toHaveLength(1);
    expect(grotto[0]!.intentions).toHaveLength(1);
  });

  it('changes a regular Mass: its stored dates to come follow; deleting it keeps them with their intentions', async () => {
    const day = addDays(today, 6);
    const regular = await addRegular({ weekday: weekdayOf(day), time: '17:00', place: 'Old chapel' });
    const asker = await submit('Series Asker');
    const massId = (await place(asker, `${regular._id}.${day}`)).body.data.mass._id as string;
    const edited = await call('PUT', `edit/regular/mass/{userId}/${regular._id}`, {
      weekday: weekdayOf(day),
      time: '17:30',
      place: 'New chapel',
      celebrant: 'Fr. John',
      cap: 3,
    });
    expect(edited.status).toBe(200);
    const stored = (await week(day)).masses.find((found) => found._id === massId);
    expect(stored).toEqual(
      expect.objectContaining({ time: '17:30', cap: 3, intentions: [expect.objectContaining({ _id: asker })] }),
    );
    expect((await call('DELETE', `delete/regular/mass/{userId}/${regular._id}`)).status).toBe(200);
    const after = (await week(day)).masses.filter((found) => found.date === day && found.time === '17:30');
    expect(after.map((found) => found._id)).toEqual([massId]);
    expect((await one(asker)).mass).toEqual(expect.objectContaining({ _id: massId, place: 'New chapel' }));
    await refused(() => call('DELETE', `delete/regular/mass/{userId}/${regular._id}`), 404, 'Regular Mass not found');
  });

  it('places one intention once when two placements of it into two Masses come at once', async () => {
    const day = addDays(today, 5);
    const first = (await call('POST', 'add/mass/{userId}', { date: day, time: '06:00', place: 'East chapel' })).body
      .data as { _id: string };
    const second = (await call('POST', 'add/mass/{userId}', { date: day, time: '06:30', place: 'West chapel' })).body
      .data as { _id: string };
    const asker = await submit('Twice Asker');
    const answers = await Promise.all([place(asker, first._id), place(asker, second._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const placedIn = answers.find((answer) => answer.status === 200)!.body.data.mass._id as string;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(
      /^This intention is already placed in a Mass/,
    );
    const held = (await week(day)).masses.filter((mass) => mass.intentions.some((found) => found._id === asker));
    expect(held.map((mass) => mass._id)).toEqual([placedIn]);
  });

  it("changes a regular Mass's dates only in what changed, and not where a date has its own value", async () => {
    const day = addDays(today, 8);
    const regular = await addRegular({ weekday: weekdayOf(day), time: '09:00', place: 'Nave', cap: 2 });
    // A feast: that date takes 4, in the garden.
    const feast = (await place(await submit('Feast One'), `${regular._id}.${day}`)).body.data.mass._id as string;
    const moved = await call('PUT', `edit/mass/{userId}/${feast}`, {
      date: day,
      time: '09:00',
      place: 'Garden',
      cap: 4,
    });
    expect(moved.status).toBe(200);
    for (const name of ['Feast Two', 'Feast Three']) expect((await place(await submit(name), feast)).status).toBe(200);
    // Only the celebrant changes: the feast keeps its cap of 4 (3 placed) and its garden.
    const edited = await call('PUT', `edit/regular/mass/{userId}/${regular._id}`, {
      weekday: weekdayOf(day),
      time: '09:00',
      place: 'Nave',
      celebrant: 'Fr. Luke',
      cap: 2,
    });
    expect(edited.status).toBe(200);
    expect((await week(day)).masses.find((mass) => mass._id === feast)).toEqual(
      expect.objectContaining({ cap: 4, place: 'Garden', celebrant: 'Fr. Luke' }),
    );
  });

  it('deleting a regular Mass takes its empty dates to come; a date holding intentions stays, of its own', async () => {
    const day = addDays(today, 9);
    const later = addDays(day, 7);
    const regular = await addRegular({ weekday: weekdayOf(day), time: '19:00', place: 'Crypt' });
    const asker = await submit('Crypt Asker');
    const kept = (await place(asker, `${regular._id}.${day}`)).body.data.mass._id as string;
    // A later date taken out again: stored, empty.
    const other = await submit('Crypt Other');
    const emptied = (await place(other, `${regular._id}.${later}`)).body.data.mass._id as string;
    await care(other, { state: 'Requested' });
    expect((await call('DELETE', `delete/regular/mass/{userId}/${regular._id}`)).status).toBe(200);
    expect((await week(later)).masses.map((mass) => mass._id)).not.toContain(emptied);
    const stays = (await week(day)).masses.find((mass) => mass._id === kept);
    expect(stays).toEqual(
      expect.objectContaining({ regularMassId: null, intentions: [expect.objectContaining({ _id: asker })] }),
    );
  });

  it('keeps the order intentions were asked in when one is marked Said', async () => {
    const mass = (
      await call('POST', 'add/mass/{userId}', { date: addDays(today, 3), time: '13:00', place: 'Side altar' })
    ).body.data as { _id: string; date: string };
    const asked = [await submit('Order One'), await submit('Order Two'), await submit('Order Three')];
    for (const id of asked) await place(id, mass._id);
    await care(asked[0]!, { state: 'Said' });
    const listed = (await week(mass.date)).masses.find((found) => found._id === mass._id)!;
    expect(listed.intentions.map((intention) => intention._id)).toEqual(asked);
  });

  it('deletes a one-off Mass with no intention, and refuses one that holds some', async () => {
    const mass = (
      await call('POST', 'add/mass/{userId}', {
        date: addDays(today, 4),
        time: '11:00',
        place: 'Hall',
        title: 'Funeral',
      })
    ).body.data as { _id: string };
    const asker = await submit('Funeral Asker');
    await place(asker, mass._id);
    await refused(
      () => call('DELETE', `delete/mass/{userId}/${mass._id}`),
      409,
      '1 intention is placed in this Mass: move or cancel them first',
    );
    await care(asker, { state: 'Cancelled' });
    const res = await call('DELETE', `delete/mass/{userId}/${mass._id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mass deleted successfully');
    await refused(() => call('DELETE', `delete/mass/{userId}/${mass._id}`), 404, 'Mass not found');
  });
});

describe.each(engines())('Next free Mass asked for at once on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
  });
  afterAll(() => server.close());

  it('gives each its place: one that finds the Mass filled meanwhile takes the next, not a refusal', async () => {
    const tomorrow = addDays(localNow().date, 1);
    const add = async (time: string, cap: number) =>
      (
        await server.call('POST', `/api/v1/add/mass/${server.admin._id}`, {
          token,
          json: { date: tomorrow, time, place: 'Chapel', cap },
        })
      ).body.data._id as string;
    const [first, second] = [await add('08:00', 1), await add('09:00', 5)];
    const askers = await Promise.all(
      ['One', 'Two', 'Three'].map(
        async (name) =>
          (
            await server.call('POST', '/api/v1/mass/intention', {
              json: { fullname: `Early ${name}`, email: 'early@example.com', intention: 'For the day' },
            })
          ).body.data._id as string,
      ),
    );
    const answers = await Promise.all(
      askers.map((id) =>
        server.call('PUT', `/api/v1/mass/intention/place/${server.admin._id}/${id}`, {
          token,
          json: { massId: 'next' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const places = answers.map((answer) => answer.body.data.mass._id as string);
    expect(places.filter((id) => id === first)).toHaveLength(1);
    expect(places.filter((id) => id === second)).toHaveLength(2);
  });
});
