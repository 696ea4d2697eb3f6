import { Field, Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { AccountInput, PasswordChange } from 'api/contract';
import {
  Button,
  RowAction,
  DataTable,
  EmptyText,
  FormButtons,
  FormColumn,
  NewPasswordFields,
  newPasswordSchema,
  NotLoaded,
  RecordForm,
  notify,
  optionalText,
  SectionHeader,
  Panel,
  requiredText,
  SelectField,
  TextField,
  type Column,
  formatDateTime,
  useFieldRefusals,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { account, accountApi, sessions, type Account, type AccountInput as AccountBody, type Session } from './api';

const profileSchema = yup.object({
  name: optionalText('Full name', AccountInput.name),
  email: requiredText('Email is required', 'Email', AccountInput.email).email('Invalid email address'),
  phone: optionalText('Phone', AccountInput.phone),
  country: yup.string(),
  weeklyDigest: yup.boolean().required(),
});

type ProfileValues = yup.InferType<typeof profileSchema>;

/** Settings → Profile: the signed-in member's name, email, phone and country, saved on the server. */
export function ProfilePanel() {
  const load = useResource(account.detail('me'), accountApi.get);
  const me = load.data;
  const refusals = useFieldRefusals<ProfileValues>();
  const save = async (values: ProfileValues, form: FormikHelpers<ProfileValues>) => {
    try {
      const saved = await accountApi.save({
        name: values.name?.trim() ?? '',
        email: values.email.trim(),
        phone: values.phone?.trim() ?? '',
        // No country chosen: not sent, and none is kept.
        ...(values.country ? { country: values.country as NonNullable<AccountBody['country']> } : {}),
        weeklyDigest: values.weeklyDigest,
      });
      notify.success(saved.message);
      refusals.succeeded();
      form.resetForm({ values: valuesOf(saved.data) });
    } catch (error) {
      // An email another account uses is said by the field; the typed values stay.
      refusals.refuse(error, 'email', values, form);
    }
  };
  return (
    <Panel aria-label="Profile">
      <SectionHeader title="Profile" />
      {me ? (
        <Formik
          initialValues={valuesOf(me)}
          validationSchema={profileSchema}
          validate={refusals.validate}
          onSubmit={save}
          enableReinitialize
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <FormColumn>
                <TextField name="name" label="Full name" autoComplete="name" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <TextField name="phone" label="Phone" autoComplete="tel" />
                <SelectField
                  name="country"
                  label="Country"
                  options={AccountInput.country.enum}
                  placeholder="Choose a country"
                />
                <CheckRow>
                  <Field type="checkbox" name="weeklyDigest" />
                  Send me the weekly digest by email
                </CheckRow>
                <Muted>
                  Mondays at 07:00, the parish&apos;s time: new prayer requests, intentions waiting to be placed, the
                  content calendar&apos;s gaps for the week and, for Admins, what failed.
                </Muted>
                <Muted>
                  Role: <strong>{me.role}</strong>
                </Muted>
                <FormButtons busy={isSubmitting} label="Save profile" />
              </FormColumn>
            </Form>
          )}
        </Formik>
      ) : (
        <NotLoaded load={load} what="Your profile" missing={null} />
      )}
    </Panel>
  );
}

const valuesOf = (me: Account): ProfileValues => ({
  name: me.name,
  email: me.email,
  phone: me.phone,
  country: me.country,
  weeklyDigest: me.weeklyDigest,
});

const passwordSchema = yup.object({
  currentPassword: yup.string().required('The current password is required'),
  ...newPasswordSchema(PasswordChange.newPassword),
});

type PasswordValues = yup.InferType<typeof passwordSchema>;

/** The field a refused change is about: the new password when the server's words name it, else the current one. */
const passwordRefused = (message: string) => (/new password/i.test(message) ? 'newPassword' : 'currentPassword');

/** Settings → Password: the current password, then the new one twice; every other session ends. */
export function PasswordPanel() {
  const refusals = useFieldRefusals<PasswordValues>();
  const change = async (values: PasswordValues, form: FormikHelpers<PasswordValues>) => {
    try {
      const { message } = await accountApi.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      notify.success(message);
      refusals.succeeded();
      form.resetForm();
    } catch (error) {
      // 'The current password is not correct' stands by that field until it is changed; what was typed stays.
      refusals.refuse(error, passwordRefused, values, form);
    }
  };
  return (
    <Panel aria-label="Password">
      <SectionHeader title="Password" />
      <RecordForm
        initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
        validationSchema={passwordSchema}
        validate={refusals.validate}
        onSubmit={change}
        label="Change password"
      >
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <NewPasswordFields minLength={PasswordChange.newPassword.minLength} />
        <Muted>Changing it signs out every other session of your account.</Muted>
      </RecordForm>
    </Panel>
  );
}

/** A line of explanation under a form's fields. */
/** A checkbox with its words beside it, the whole line clickable. */
const CheckRow = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin: 0 0 ${({ theme }) => theme.space(1)};
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
`;

/** Settings → Sessions: where this account is signed in, with a way to end the others. */
export function SessionsPanel() {
  const load = useResource(sessions.list(), accountApi.sessions);
  const rows = load.data ?? [];
  const others = rows.filter((session) => !session.current);
  const signOut = async (session: Session) => {
    try {
      notify.success((await accountApi.signOut(session.id)).message);
    } catch {
      // Shown by the client.
    }
  };
  const signOutOthers = async () => {
    try {
      notify.success((await accountApi.signOutOthers()).message);
    } catch {
      // Shown by the client.
    }
  };
  const columns: Column<Session>[] = [
    { header: 'Device', cell: (session) => session.device },
    { header: 'Signed in', cell: (session) => formatDateTime(session.signedInAt) },
    { header: 'Last used', cell: (session) => formatDateTime(session.lastUsedAt) },
    {
      header: 'Action',
      fit: true,
      cell: (session) =>
        session.current ? (
          <ThisDevice>This device</ThisDevice>
        ) : (
          <RowAction
            aria-label={`Sign out ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
            onClick={() => void signOut(session)}
          >
            Sign out
          </RowAction>
        ),
    },
  ];
  return (
    <Panel aria-label="Sessions">
      <SectionHeader
        title="Sessions"
        actions={
          <Button variant="secondary" disabled={others.length === 0} onClick={() => void signOutOthers()}>
            Sign out all other sessions
          </Button>
        }
      />
      {load.data ? (
        rows.length ? (
          <DataTable caption="Sessions" columns={columns} rows={rows} rowKey={(session) => session.id} />
        ) : (
          <EmptyText>No session.</EmptyText>
        )
      ) : (
        <NotLoaded load={load} what="Your sessions" missing={null} />
      )}
    </Panel>
  );
}

const ThisDevice = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;
