import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';

// What is the groups' own: their answer (the picture under two names, null without one) and their
// fields' words. What every resource shares is in resources/resources.test.ts.

const PNG = solidPng(8, 8, [40, 140, 60]);

const valid = {
  groupName: 'Youth Choir',
  groupLink: 'https://chat.example.org/youth-choir',
  groupDescription: 'We sing at the Sunday evening Mass.',
};

/** A multipart form: text fields, and groupImage as a file (object) or a text value (string). */
const groupForm = (fields: Record<string, string | undefined>, image?: FileSpec | string) =>
  multipartForm(fields, { groupImage: image });

const png = (content: Buffer = PNG): FileSpec => ({ content, name: 'group.png', type: 'image/png' });

describe.each(engines())('groups on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData) => server.call('POST', `/api/v1/add/group/${admin}`, { form, token });
  const edit = (id: string, form: FormData) =>
    server.call('POST', `/api/v1/edit/group/${admin}/${id}`, { form, token });

  it('adds a group with a picture: the answer names it groupImage and file alike', async () => {
    const res = await add(groupForm(valid, png()));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Group added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        ...valid,
        groupImage: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`)),
        file: res.body.data.groupImage,
        createdAt: expect.any(String),
      },
    });
    const one = await server.call('GET', `/api/v1/single/group/${res.body.data._id as string}`);
    expect(one.body).toEqual({ message: 'Group fetched successfully', data: res.body.data });
  });

  it('answers a group without a picture with null under both names, until an edit gives it one', async () => {
    const res = await add(groupForm(valid));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ ...valid, groupImage: null, file: null }));
    const edited = await edit(res.body.data._id, groupForm(valid, png()));
    expect(edited.body.data.groupImage).toMatch(/\/uploads\/[0-9a-f]{32}\.png$/);
    expect(edited.body.data.file).toBe(edited.body.data.groupImage);
  });

  it.each([
    [{ groupName: '   ' }, 'Name is required'],
    [{ groupLink: undefined }, 'Link is required'],
    [{ groupLink: 'ftp://x' }, 'Link must be a valid URL starting with http:// or https://'],
    [{ groupDescription: ' \n ' }, 'Description is required'],
  ])('names its fields as the form does: %j is refused with "%s"', async (fields, message) => {
    const res = await add(groupForm({ ...valid, ...fields }, png()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});
