import { createAdmin } from '../auth/admins';
import { MailSender } from '../mail/worker';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp } from '../testing/smtp';
import { operationsOf, pathWith } from '../testing/openapi';
import { LIMITS } from './schemas';

// The team's care of the prayer requests: a state (New, Prayed for, Answered) with who changed it and
// when, a staff note the mobile app is never served, and an assignee from the team; one request at a
// time or many at once. The mobile app's submit is untouched.

interface Cared {
  _id: string;
  request: string;
  createdAt: string;
  state: string;
  stateChangedAt: string | null;
  stateChangedBy: string | null;
  note: string;
  assigneeId: string | null;
}

describe.each(engines())('caring for prayer requests on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let guest: { id: string; token: string };
  let manager: { id: string; token: string };
  let retired: string;
  let smtp: TestSmtp;
  let sender: MailSender;

  const member = async (email: string, role: string, name: string) => {
    const id = await createAdmin(server.db, email, 'a member password', server.config.passwordHashCost, {
      role,
      name,
    });
    const login = await server.call('POST', '/api/v1/admin/login', { json: { email, password: 'a member password' } });
    return { id, token: login.body.token as string };
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      publicUrl: 'https://office.example.org',
      mail: {
        pollMs: 60_000,
        retryFirstMs: 20,
        retryMaxMs: 200,
        claimMs: 60_000,
        smtpUrl: smtp.url,
        from: { name: '', address: 'office@stmary.example.org' },
      },
    });
    // Never started: the test that reads the mail sends what is due itself, when it wants.
    sender = new MailSender(server.db, server.config.mail, server.app.log);
    token = await server.login();
    admin = server.admin._id;
    await server.call('PUT', '/api/v1/account', { token, json: { name: 'Fr. Anthony', email: server.admin.email } });
    guest = await member('guest@parish.org', 'Guest User', 'Gus Guest');
    manager = await member('grace@parish.org', 'Manager', 'Sister Grace');
    retired = (await member('old@parish.org', 'Manager', 'Old Tom')).id;
    await server.db.kysely.updateTable('admins').set({ active: 0 }).where('_id', '=', retired).execute();
  });
  afterAll(async () => {
    await sender.stop();
    await server.close();
    await smtp.stop();
  });

  const submit = async (request: string) =>
    (await server.call('POST', '/api/v1/prayer/request', { json: { request } })).body.data as Cared;
  const list = async (query = '', as = token, id = admin) =>
    server.call('GET', `/api/v1/prayer/request/${id}${query}`, { token: as });
  const all = async () => (await list()).body.data as Cared[];
  const one = async (id: string) => (await all()).find((row) => row._id === id)!;
  const care = (id: string, json: unknown, as = token, userId = admin) =>
    server.call('PUT', `/api/v1/prayer/request/${userId}/${id}`, { token: as, json });
  const mark = (json: unknown, as = token, userId = admin) =>
    server.call('PUT', `/api/v1/prayer/requests/state/${userId}`, { token: as, json });
  /** Waits for `count` prayer-request lines. */
  const activity = async (count: number) => {
    const started = Date.now();
    for (;;) {
      const res = await server.call('GET', '/api/v1/activity?kind=prayer%20request&limit=50', { token });
      const data = res.body.data as { member: string; summary: string; recordId?: string | null }[];
      if (data.length >= count || Date.now() - started > 3000) return data;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const stored = () => server.db.kysely.selectFrom('prayerRequests').selectAll().orderBy('_id').execute();

  it('keeps the mobile app’s submit as it was: its answer carries nothing of the care', async () => {
    const res = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'For my mother' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['_id', 'createdAt', 'request']);
    expect(await one(res.body.data._id as string)).toEqual({
      ...res.body.data,
      state: 'New',
      stateChangedAt: null,
      stateChangedBy: null,
      note: '',
      assigneeId: null,
    });
  });

  it('changes one request’s state, note and assignee, saying who changed the state and when', async () => {
    const request = await submit('For rain on the farm');
    const before = Date.now();
    const res = await care(request._id, {
      state: 'Prayed for',
      note: '  Called him on Sunday  ',
      assigneeId: manager.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Prayer request updated successfully');
    const data = res.body.data as Cared;
    expect(data).toEqual({
      ...request,
      state: 'Prayed for',
      stateChangedAt: expect.any(String),
      stateChangedBy: 'Fr. Anthony',
      note: 'Called him on Sunday',
      assigneeId: manager.id,
    });
    expect(Date.parse(data.stateChangedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await one(request._id)).toEqual(data);

    // A note alone keeps the state and who set it; a Manager may change it too; null unassigns.
    const noted = await care(request._id, { note: '', assigneeId: null }, manager.token, manager.id);
    expect(noted.status).toBe(200);
    expect(noted.body.data).toEqual({ ...data, note: '', assigneeId: null });
    const answered = await care(request._id, { state: 'Answered' }, manager.token, manager.id);
    expect(answered.body.data).toMatchObject({ state: 'Answered', stateChangedBy: 'Sister Grace' });
  });

  it('records each change in the activity: who, which request, the new state', async () => {
    const request = await submit('For the choir');
    await care(request._id, { state: 'Prayed for' });
    const lines = await activity(4);
    expect(lines[0]).toMatchObject({
      member: 'Fr. Anthony',
      summary: 'Cared for prayer request “For the choir”: marked Prayed for',
      recordId: request._id,
    });
    expect(lines.map((line) => line.summary)).toEqual(
      expect.arrayContaining([
        'Cared for prayer request “For rain on the farm”: marked Prayed for, note changed, assigned',
        'Cared for prayer request “For rain on the farm”: note cleared, unassigned',
        'Cared for prayer request “For rain on the farm”: marked Answered',
      ]),
    );
  });

  it('marks many at once in one call, and records it naming them', async () => {
    const a = await submit('For Ada');
    const b = await submit('For Bola');
    const res = await mark({ ids: [a._id, b._id, a._id], state: 'Answered' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '2 prayer requests marked Answered', data: { marked: 2 } });
    for (const id of [a._id, b._id])
      expect(await one(id)).toMatchObject({ state: 'Answered', stateChangedBy: 'Fr. Anthony' });
    const [line] = await activity(5);
    expect(line!.summary).toBe('Marked 2 prayer requests Answered: “For Ada”, “For Bola”');
    expect((await mark({ ids: [a._id], state: 'New' })).body.message).toBe('1 prayer request marked New');
  });

  it('filters the list by state, newest first, with the total of that state', async () => {
    const res = await list('?state=Answered&limit=500');
    expect(res.status).toBe(200);
    const rows = res.body.data as Cared[];
    expect(rows.map((row) => row.request)).toEqual(['For Bola', 'For rain on the farm']);
    expect(res.body.total).toBe(2);
    const fresh = await list('?state=New');
    expect((fresh.body.data as Cared[]).every((row) => row.state === 'New')).toBe(true);
    expect(fresh.body).toMatchObject({ page: 1, limit: 25 });
    const searched = await list('?state=New&q=ada');
    expect((searched.body.data as Cared[]).map((row) => row.request)).toEqual(['For Ada']);
    const wrong = await list('?state=Done');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/state/i);
    expect(wrong.body).toEqual({ message: 'state must be one of: New, Prayed for, Answered' });
  });

  it('counts the dashboard’s responded to from the states: Prayed for and Answered', async () => {
    const rows = await all();
    const figures = (await server.call('GET', `/api/v1/analytics/${admin}`, { token })).body.data;
    expect(figures.totalPrayerRequests).toBe(rows.length);
    expect(figures.totalPrayerRequestsResponded).toBe(rows.filter((row) => row.state !== 'New').length);
    expect(figures.totalPrayerRequestsResponded).toBe(3);
  });

  it('lists the active members a request can be assigned to, for every role', async () => {
    const res = await server.call('GET', `/api/v1/prayer/requests/assignees/${guest.id}`, { token: guest.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: admin, name: 'Fr. Anthony' },
      { _id: guest.id, name: 'Gus Guest' },
      { _id: manager.id, name: 'Sister Grace' },
    ]);
  });

  it.each([
    [{ state: 'Done' }, 400, 'State must be one of: New, Prayed for, Answered'],
    [{ note: 'n'.repeat(LIMITS.note + 1) }, 400, `Note must be at most ${LIMITS.note} characters long`],
    [{ note: 'bell\u0007' }, 400, 'Note must not contain control characters'],
    [{ assigneeId: 'nobody' }, 400, 'The assignee must be an active member of the team'],
    [{ assigneeId: '0123456789abcdef01234567' }, 400, 'The assignee must be an active member of the team'],
    [{ assigneeId: 'retired' }, 400, 'The assignee must be an active member of the team'],
    [{ assigneeId: 'a'.repeat(25) }, 400, 'Assignee must be at most 24 characters long'],
    [{}, 400, 'Say what to change: a state, a note or an assignee'],
    [{ state: 'New', colour: 'red' }, 400, 'colour is not a field this request accepts'],
  ])('refuses a bad change in words, changing nothing (%#)', async (json, status, message) => {
    const request = (await all()).find((row) => row.request === 'For Ada')!;
    const body = (json as { assigneeId?: string }).assigneeId === 'retired' ? { assigneeId: retired } : json;
    const before = await stored();
    const res = await care(request._id, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown request with 404 in words', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-id']) {
      const res = await care(id, { state: 'Answered' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Prayer request not found' });
    }
  });

  it.each([
    [{ ids: [], state: 'Answered' }, 400, 'Choose at least one prayer request to mark'],
    [{ ids: ['KNOWN'], state: 'Done' }, 400, 'State must be one of: New, Prayed for, Answered'],
    [
      { ids: ['KNOWN', '0123456789abcdef01234567'], state: 'Answered' },
      404,
      'One of these prayer requests does not exist (deleted meanwhile?): nothing was marked',
    ],
    [
      { ids: ['KNOWN', 'x', 'y'], state: 'Answered' },
      404,
      '2 of these prayer requests do not exist (deleted meanwhile?): nothing was marked',
    ],
    [
      { ids: Array(LIMITS.markedAtOnce + 1).fill('KNOWN'), state: 'Answered' },
      400,
      `Prayer requests must have at most ${LIMITS.markedAtOnce} items`,
    ],
    [{ state: 'Answered' }, 400, 'Prayer requests is required'],
  ])('refuses a bad marking as a whole, in words, changing nothing (%#)', async (json, status, message) => {
    const known = (await all()).find((row) => row.state === 'New')!._id;
    const body = { ...json, ...('ids' in json ? { ids: json.ids.map((id) => (id === 'KNOWN' ? known : id)) } : {}) };
    const before = await stored();
    const res = await mark(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('lets a Guest User read the care but change nothing (403 in words)', async () => {
    const request = await submit('For the guest to see');
    const read = await list('', guest.token, guest.id);
    expect(read.status).toBe(200);
    expect((read.body.data as Cared[])[0]).toMatchObject({ _id: request._id, state: 'New', note: '' });
    const before = await stored();
    for (const res of [
      await care(request._id, { state: 'Answered' }, guest.token, guest.id),
      await mark({ ids: [request._id], state: 'Answered' }, guest.token, guest.id),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'A Guest User can look at everything but change nothing' });
    }
    expect(await stored()).toEqual(before);
  });

  it('restores a deleted request from the trash with its state, note and assignee', async () => {
    const request = await submit('For the trash');
    const cared = (await care(request._id, { state: 'Prayed for', note: 'Visit', assigneeId: manager.id })).body.data;
    const deleted = await server.call('DELETE', `/api/v1/prayer/request/${admin}/${request._id}`, { token });
    expect(deleted.status).toBe(200);
    await server.call('POST', `/api/v1/trash/${deleted.headers.get('trash-entry')}/restore`, { token });
    expect(await one(request._id)).toEqual(cared);

    // Delete All, then its restore, too.
    const everyone = await all();
    const all_ = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
    await server.call('POST', `/api/v1/trash/${all_.headers.get('trash-entry')}/restore`, { token });
    expect(await all()).toEqual(everyone);
  });

  it('Delete All of one state deletes only the requests in it, says how many, and its Undo restores them', async () => {
    const before = await all();
    const kept = await submit('For a new request, kept');
    const answered = [await submit('For thanks, answered'), await submit('For a job, answered')];
    await mark({ ids: answered.map((row) => row._id), state: 'Answered' });
    await care(answered[0]!._id, { note: 'Rang back', assigneeId: manager.id });
    const others = (await all()).filter((row) => row.state !== 'Answered');
    const gone = (await all()).filter((row) => row.state === 'Answered');
    expect(gone.length).toBeGreaterThanOrEqual(2);

    const res = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}?state=Answered`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `${gone.length} Answered prayer requests deleted successfully`,
      data: { deleted: gone.length, state: 'Answered' },
    });
    expect(await all()).toEqual(others);
    expect(others.map((row) => row._id)).toContain(kept._id);
    const entry = res.headers.get('trash-entry')!;
    const trashed = (await server.call('GET', '/api/v1/trash', { token })).body.data[0];
    expect(trashed).toMatchObject({
      _id: entry,
      title: `${gone.length} Answered prayer requests`,
      records: gone.length,
    });

    await server.call('POST', `/api/v1/trash/${entry}/restore`, { token });
    const byId = (rows: Cared[]) => [...rows].sort((a, b) => a._id.localeCompare(b._id));
    expect(byId(await all())).toEqual(byId([...others, ...gone]));
    expect(await all()).toHaveLength(before.length + 3);

    // One request is said in the singular; a state with none deletes nothing and keeps no trash entry.
    await mark({ ids: (await all()).filter((row) => row.state === 'Prayed for').map((row) => row._id), state: 'New' });
    await mark({ ids: [kept._id], state: 'Prayed for' });
    const one_ = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}?state=Prayed%20for`, { token });
    expect(one_.body).toEqual({
      message: '1 Prayed for prayer request deleted successfully',
      data: { deleted: 1, state: 'Prayed for' },
    });
    const none = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}?state=Prayed%20for`, { token });
    expect(none.body).toEqual({
      message: '0 Prayed for prayer requests deleted successfully',
      data: { deleted: 0, state: 'Prayed for' },
    });
    expect(none.headers.get('trash-entry')).toBeNull();

    const wrong = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}?state=Done`, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/state/i);
    expect(await all()).toHaveLength(before.length + 2);
  });

  it('never serves the staff note, the state or the assignee to a call without a session', async () => {
    const secret = 'STAFF-ONLY-NOTE-7f3a';
    const request = await submit('For a secret');
    await care(request._id, { note: secret, assigneeId: manager.id, state: 'Prayed for' });
    const operations = (await operationsOf(server)).filter((operation) => !operation.protected);
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const values = Object.fromEntries(operation.parameters.map((name) => [name, request._id]));
      const json = operation.path === '/api/v1/prayer/request' ? { request: 'Another' } : undefined;
      const res = await server.call(operation.method, pathWith(operation, values), json ? { json } : {});
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain('Prayed for');
      expect(res.text).not.toContain(manager.id);
    }
  });

  it('mails the member a request is assigned to, them alone; never for their own, again or refused', async () => {
    const outbox = () => server.db.kysely.selectFrom('outbox').selectAll().orderBy('_id').execute();
    // The assignments of the tests before this one go first.
    await sender.sendDue();
    smtp.received.length = 0;
    const request = await submit('For my mother in hospital\r\nBcc: mallory@evil.example\r\nand her nurses');
    const before = await outbox();

    expect((await care(request._id, { assigneeId: retired })).status).toBe(400);
    expect((await care(request._id, { assigneeId: admin })).status).toBe(200);
    expect(await outbox()).toEqual(before);

    const assigned = await care(request._id, { assigneeId: manager.id, note: 'Her son asked on Sunday' });
    expect(assigned.status).toBe(200);
    // Saved again with the same assignee (a note changed): already told.
    expect((await care(request._id, { assigneeId: manager.id, note: 'Visited her' })).status).toBe(200);
    // Sister Grace hands it back to Fr. Anthony: he is told.
    expect((await care(request._id, { assigneeId: admin }, manager.token, manager.id)).status).toBe(200);
    expect(await sender.sendDue()).toBe(2);

    const [toGrace, toAnthony] = smtp.received;
    expect(smtp.received).toHaveLength(2);
    expect(toGrace!.to).toEqual(['grace@parish.org']);
    expect(toGrace!.headers.get('to')).toEqual(['Sister Grace <grace@parish.org>']);
    expect(toGrace!.headers.has('bcc')).toBe(false);
    expect(toGrace!.headers.get('subject')).toEqual([
      'A prayer request for you: “For my mother in hospital Bcc: mallory@evil.example and her…”',
    ]);
    expect(toGrace!.raw.slice(0, toGrace!.raw.indexOf('\r\n\r\n'))).not.toMatch(/^Bcc:/im);
    expect(toGrace!.text).toContain('Dear Sister Grace,');
    expect(toGrace!.text).toContain(
      "Fr. Anthony assigned you a prayer request in Our Parish's back-office. It is New:",
    );
    expect(toGrace!.text).toMatch(/For my mother in hospital\r?\nBcc: mallory@evil\.example\r?\nand her nurses/);
    expect(toGrace!.text).toContain("The team's note: Her son asked on Sunday");
    expect(toGrace!.text).toContain(
      `Open the prayer request: https://office.example.org/prayer-requests?state=all&request=${request._id}`,
    );
    expect(toGrace!.html).toContain('For my mother in hospital');
    expect(toGrace!.html).toContain(
      `href="https://office.example.org/prayer-requests?state=all&amp;request=${request._id}"`,
    );
    expect(toAnthony!.to).toEqual([server.admin.email]);
    expect(toAnthony!.text).toContain('Sister Grace assigned you a prayer request');
    expect(toAnthony!.text).toContain("The team's note: Visited her");
  });

  it('documents the care calls with their schemas', async () => {
    const document = (await server.call('GET', '/api/v1/openapi.json')).body;
    const paths = document.paths;
    expect(paths['/api/v1/prayer/request/{userId}/{id}'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/v1/prayer/requests/state/{userId}'].put.requestBody).toBeDefined();
    expect(paths['/api/v1/prayer/requests/assignees/{userId}'].get).toBeDefined();
    expect(document.components.schemas.PrayerRequestCare.properties.state.enum).toEqual([
      'New',
      'Prayed for',
      'Answered',
    ]);
    expect(Object.keys(document.components.schemas.PrayerRequest.properties)).toEqual(['_id', 'request', 'createdAt']);
  });
});
