import { Formik } from 'formik';
import { useState } from 'react';
import {
  DataTable,
  FormColumn,
  PageHeader,
  Panel,
  SampleDataNotice,
  SelectField,
  TextField,
  type Column,
} from 'shared';
import styled from 'styled-components';
import { DeployedVersions } from './DeployedVersions';
import { SAMPLE_NOTICE, sampleCountries, sampleRoles, sampleUsers, type SampleUser } from '../sample-data/sampleUsers';

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

const profile = sampleUsers[0];

/**
 * /settings: the spec's static profile and user-management page (spec §2). Nothing of those reaches
 * a server; the page says so, and has no Save button that would pretend otherwise. Below them, the
 * read-only Deployed versions panel says what is live and what this browser runs.
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
    <>
      <SampleDataNotice>{SAMPLE_NOTICE}</SampleDataNotice>
      <Stack>
        <Panel aria-label="Profile">
          <PageHeader title="Profile" />
          <Formik
            initialValues={{ name: profile.name, email: profile.email, phone: profile.phone, country: 'Nigeria' }}
            onSubmit={() => undefined}
          >
            <FormColumn>
              <TextField name="name" label="Full name" />
              <TextField name="email" label="Email" type="email" />
              <TextField name="phone" label="Phone" />
              <SelectField name="country" label="Country" options={sampleCountries} emptyOption={false} />
            </FormColumn>
          </Formik>
        </Panel>
        <Panel aria-label="User management">
          <PageHeader title="User management" />
          <DataTable
            caption="User management (sample data)"
            columns={columns}
            rows={sampleUsers}
            rowKey={(user) => user.id}
          />
        </Panel>
        <DeployedVersions />
      </Stack>
    </>
  );
}
