import { newId } from '../db/ids';
import { startServer, type EngineUnderTest, type TestServer } from './harness';
import { signedInMembers, type SignedInMember, type TeamRole } from './members';
import { seedOneOfEach } from './records';

/** A stored prayer request, written as the table keeps it (times chosen by the test). */
export const storedRequest = (request: string, createdAt: string, state = 'New') => ({
  _id: newId(new Date(createdAt)),
  request,
  createdAt,
  state,
  note: '',
});

/**
 * A server whose every list has a row to export: one record of each kind (and its activity), a Mass
 * intention not placed yet, and a member of each role signed in.
 */
export async function startExportServer(
  engine: EngineUnderTest,
): Promise<{ server: TestServer; token: string; members: Record<TeamRole, SignedInMember> }> {
  const server = await startServer(engine);
  const token = await server.login();
  const members = await signedInMembers(server);
  await seedOneOfEach(server, token);
  await server.call('POST', '/api/v1/mass/intention', {
    json: { fullname: 'Mary Okafor', email: 'mary@example.com', intention: 'Thanksgiving' },
  });
  return { server, token, members };
}
