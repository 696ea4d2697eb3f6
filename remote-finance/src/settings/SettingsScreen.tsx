import { useState } from 'react';
import { DataTable, PageHeader, Panel, SampleDataNotice, type Column } from 'shared';
import styled from 'styled-components';
import { DeployedVersions } from './DeployedVersions';
import { SAMPLE_NOTICE, sampleRoles, sampleUsers, type SampleUser } from '../sample-data/sampleUsers';
import { PasswordPanel, ProfilePanel, SessionsPanel } from './AccountPanels';

const Stack = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its panel instead of widening the page on a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
`;

const RoleSelect = styled.select`
  min-height: 34px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  font: inherit;
`;

/**
 * /settings: the signed-in member's own account — profile, password and sessions, on the server — then
 * the spec's user management, still sample data until the team is built (and saying so), and the
 * read-only Deployed versions panel: what is live and what this browser runs.
 */
export function SettingsScreen() {
  const [roles, setRoles] = useState<Record<string, string>>(() =>
    Object.fromEntries(sampleUsers.map((u) => [u.id, u.role])),
  );

  const columns: Column<SampleUser>[] = [
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Role',
      cell: (user) => (
        <RoleSelect
          aria-label={`Role of ${user.name}`}
          value={roles[user.id]}
          onChange={(event) => setRoles((previous) => ({ ...previous, [user.id]: event.target.value }))}
        >
          {sampleRoles.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </RoleSelect>
      ),
    },
  ];

  return (
    <Stack>
      <ProfilePanel />
      <PasswordPanel />
      <SessionsPanel />
      <Panel aria-label="User management">
        <PageHeader title="User management" />
        <SampleDataNotice>{SAMPLE_NOTICE}</SampleDataNotice>
        <DataTable
          caption="User management (sample data)"
          columns={columns}
          rows={sampleUsers}
          rowKey={(user) => user.id}
        />
      </Panel>
      <DeployedVersions />
    </Stack>
  );
}
