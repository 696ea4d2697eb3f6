import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { MemberInput } from 'api/contract';
import {
  Button,
  RowAction,
  RowActions,
  ListTable,
  notify,
  useFieldRefusals,
  RecordForm,
  SectionHeader,
  Panel,
  requiredText,
  SelectField,
  TextField,
  type Column,
  formatDateTime,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { team, teamApi, type Member, type SetPasswordLink } from './api';

const memberSchema = yup.object({
  name: requiredText('Full name is required', 'Full name', MemberInput.name),
  email: requiredText('Email is required', 'Email', MemberInput.email).email('Invalid email address'),
  role: yup.string().required('Role is required'),
});
type MemberValues = yup.InferType<typeof memberSchema>;

const ROLE_OPTIONS = MemberInput.role.enum;

/**
 * Settings → Team (an Admin's; the server refuses anyone else): the members with their role and whether
 * they may sign in, and a member added with a one-time link to hand over (mailed to them too when the server has a mail server).
 */
export function TeamPanel() {
  const load = useResource(team.list(), teamApi.list);
  const [link, setLink] = useState<{ for: string; email: string; link: SetPasswordLink }>();
  const refusals = useFieldRefusals<MemberValues>();

  const add = async (values: MemberValues, form: FormikHelpers<MemberValues>) => {
    try {
      const added = await teamApi.add({
        name: values.name.trim(),
        email: values.email.trim(),
        role: values.role as Member['role'],
      });
      notify.success(added.message);
      refusals.succeeded();
      setLink({ for: added.data.name, email: added.data.email, link: added.link });
      form.resetForm();
    } catch (error) {
      // An email in use is said by the field; the typed values stay.
      refusals.refuse(error, 'email', values, form);
    }
  };
  const change = async (member: Member, change: { role?: Member['role']; active?: boolean }) => {
    try {
      notify.success((await teamApi.change(member._id, change)).message);
    } catch {
      // 'The last active Admin …': shown by the client.
    }
  };
  const newLink = async (member: Member) => {
    try {
      const made = await teamApi.newLink(member._id);
      setLink({ for: member.name || member.email, email: member.email, link: made.link });
    } catch {
      // Shown by the client.
    }
  };

  const columns: Column<Member>[] = [
    { header: 'Name', cell: (member) => member.name || '—' },
    { header: 'Email', cell: (member) => member.email },
    {
      header: 'Role',
      cell: (member) => (
        <RoleSelect
          aria-label={`Role of ${member.name || member.email}`}
          value={member.role}
          onChange={(event) => void change(member, { role: event.target.value as Member['role'] })}
        >
          {ROLE_OPTIONS.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </RoleSelect>
      ),
    },
    { header: 'Status', cell: (member) => (member.active ? 'Active' : 'Deactivated') },
    {
      header: 'Action',
      fit: true,
      cell: (member) => (
        <RowActions>
          <RowAction
            aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.name || member.email}`}
            onClick={() => void change(member, { active: !member.active })}
          >
            {member.active ? 'Deactivate' : 'Reactivate'}
          </RowAction>
          <RowAction
            aria-label={`New link to set a password for ${member.name || member.email}`}
            onClick={() => void newLink(member)}
          >
            New link
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <Panel aria-label="Team">
      <SectionHeader title="Team" />
      <ListTable
        caption="Team"
        itemsName="members"
        load={load}
        emptyText="No members yet."
        columns={columns}
        rows={load.data ?? []}
        rowKey={(member) => member._id}
      />
      {link && (
        <LinkBox role="status" aria-label="Password link">
          <p>
            Give this link to <strong>{link.for}</strong>: it lets them set their password once, until{' '}
            {formatDateTime(link.link.expiresAt)}.{' '}
            {link.link.mailed ? `It is also on its way to ${link.email} by email.` : 'No email is sent.'}
          </p>
          <code>{link.link.url}</code>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link.link.url)
                .then(() => notify.success('Link copied'))
                .catch(() => undefined)
            }
          >
            Copy link
          </Button>
        </LinkBox>
      )}
      <h3>Add a member</h3>
      <RecordForm
        initialValues={{ name: '', email: '', role: 'Manager' }}
        validationSchema={memberSchema}
        validate={refusals.validate}
        onSubmit={add}
        label="Add member"
      >
        <TextField name="name" label="Full name" />
        <TextField name="email" label="Email" type="email" />
        <SelectField name="role" label="Role" options={ROLE_OPTIONS} emptyOption={false} />
      </RecordForm>
    </Panel>
  );
}

const RoleSelect = styled.select`
  min-height: 34px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  font: inherit;
`;

const LinkBox = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.primarySoft};
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  code {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(3)};
    overflow-wrap: anywhere;
  }
`;
