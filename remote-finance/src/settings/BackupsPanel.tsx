import { useField, type FormikHelpers } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import {
  Button,
  DownloadButton,
  formatBytes,
  LabelledField,
  ListTable,
  Modal,
  Notice,
  NotLoaded,
  NumberField,
  SelectField,
  notify,
  Panel,
  RecordForm,
  RowAction,
  RowActions,
  SectionHeader,
  session,
  TextField,
  useFieldRefusals,
  type Column,
} from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import {
  backups,
  backupsApi,
  backupSchedule,
  backupScheduleApi,
  twoFactor,
  twoFactorApi,
  type Backup,
  type BackupScheduleSettings,
} from './api';
import { Heading, Note, Section, timeOf } from './sections';

/** How often the list is asked again while a backup is being made (its progress bar moves). */
const PROGRESS_EVERY_MS = 1000;

interface RestoreValues {
  password: string;
  code: string;
  archive: File | null;
}

/** What is restored: a backup of the list, or an archive chosen on this computer. */
type Restoring = { backup: Backup } | { upload: true };

/**
 * Settings → Backups (an Admin's): the server's backups, newest first, with who or what made each;
 * "Back up now" with a progress bar; a download; a delete that asks first; and a restore, of one of
 * the list or of an uploaded archive, after the Admin's password again (and a code where their
 * two-factor sign-in is on). A restore signs everyone out: this browser goes to the sign-in.
 */
export function BackupsPanel() {
  const load = useResource(backups.list(), backupsApi.list);
  const twoFactorLoad = useResource(twoFactor.detail('me'), twoFactorApi.status);
  const [restoring, setRestoring] = useState<Restoring>();
  const making = load.data?.making;

  // While a backup is made, the list is asked again until it is written.
  useEffect(() => {
    if (!making) return;
    const timer = setInterval(() => void backups.invalidate(), PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [making]);

  const start = async () => {
    try {
      notify.success((await backupsApi.start()).message);
    } catch {
      // Shown by the client (one is being made already).
    }
  };
  const columns: Column<Backup>[] = [
    { header: 'Made', cell: (backup) => timeOf(backup.createdAt) },
    { header: 'Size', cell: (backup) => formatBytes(backup.bytes) },
    { header: 'Version', cell: (backup) => backup.productVersion },
    { header: 'Made by', cell: (backup) => backup.madeBy },
    {
      header: 'Action',
      fit: true,
      cell: (backup) => (
        <RowActions>
          <RowSized>
            <DownloadButton
              url={`/backups/${encodeURIComponent(backup.name)}/download`}
              fileName={backup.name}
              label="Download"
              busyLabel="Downloading…"
            />
          </RowSized>
          <RowAction
            aria-label={`Restore the backup of ${timeOf(backup.createdAt)}`}
            onClick={() => setRestoring({ backup })}
          >
            Restore
          </RowAction>
          <RowAction
            aria-label={`Delete the backup of ${timeOf(backup.createdAt)}`}
            confirmDelete={{
              message: `Are you sure you want to delete the backup of ${timeOf(backup.createdAt)}? It cannot be restored afterwards.`,
              onDelete: async () => {
                notify.success((await backupsApi.remove(backup.name)).message);
              },
            }}
          >
            Delete
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <Panel aria-label="Backups">
      <SectionHeader
        title="Backups"
        actions={
          <Actions>
            <Button variant="secondary" onClick={() => setRestoring({ upload: true })}>
              Restore from a file
            </Button>
            <Button onClick={() => void start()} disabled={Boolean(making)}>
              Back up now
            </Button>
          </Actions>
        }
      />
      <Muted>
        A backup holds everything the parish has typed and uploaded, the releases and the two-factor key. Keep copies on
        another disk or machine: a backup on the server&apos;s own disk is lost with it.
      </Muted>
      {making && (
        <Making role="status">
          <span>Making a backup…</span>
          <Progress percent={making.percent} />
        </Making>
      )}
      <ListTable
        caption="Backups"
        itemsName="backups"
        load={load}
        emptyText="No backups yet."
        columns={columns}
        rows={load.data?.backups ?? []}
        rowKey={(backup) => backup.name}
      />
      <DailyBackup />
      {restoring && (
        <RestoreDialog
          restoring={restoring}
          askCode={twoFactorLoad.data?.enabled ?? false}
          onClose={() => setRestoring(undefined)}
        />
      )}
    </Panel>
  );
}

function RestoreDialog({
  restoring,
  askCode,
  onClose,
}: {
  restoring: Restoring;
  askCode: boolean;
  onClose: () => void;
}) {
  const refusals = useFieldRefusals<RestoreValues>();
  const [uploaded, setUploaded] = useState<number>();
  const upload = 'upload' in restoring;
  const schema = yup.object({
    password: yup.string().required('Enter your password'),
    code: askCode ? yup.string().required('Enter a code of your authenticator app') : yup.string(),
    archive: upload ? yup.mixed().required('Choose the backup file') : yup.mixed().nullable(),
  });

  const submit = async (values: RestoreValues, form: FormikHelpers<RestoreValues>) => {
    const proof = { password: values.password, ...(askCode ? { code: values.code.trim() } : {}) };
    try {
      const done =
        'upload' in restoring
          ? await backupsApi.restoreUpload(values.archive!, proof, setUploaded)
          : await backupsApi.restore(restoring.backup.name, proof);
      notify.success(done.message);
      refusals.succeeded();
      // Every session ended with the restore, this one too: to the sign-in.
      session.clear();
    } catch (error) {
      setUploaded(undefined);
      // The server's words by the field they are about; the password is typed again.
      refusals.refuse(
        error,
        (message) =>
          /code/i.test(message) ? 'code' : /password/i.test(message) ? 'password' : upload ? 'archive' : 'password',
        values,
        form,
      );
    }
  };

  return (
    <Modal title="Restore a backup" onClose={onClose}>
      <Warning>
        {'backup' in restoring
          ? `Everything is put back as it was on ${timeOf(restoring.backup.createdAt)}.`
          : 'Everything is put back as it was when the chosen backup was made.'}{' '}
        What was typed since is lost, and everyone is signed out (you too).
      </Warning>
      <RecordForm<RestoreValues>
        initialValues={{ password: '', code: '', archive: null }}
        validationSchema={schema}
        validate={refusals.validate}
        onSubmit={submit}
        label="Restore"
        onCancel={onClose}
      >
        {upload && <ArchiveField />}
        <TextField name="password" label="Your password" type="password" autoComplete="current-password" />
        {askCode && <TextField name="code" label="Authentication code" autoComplete="one-time-code" />}
        {uploaded !== undefined && <Progress percent={uploaded} label="Upload progress" />}
      </RecordForm>
    </Modal>
  );
}

/** The archive to restore: any size (a backup is as large as the parish's data), a .tar.gz. */
function ArchiveField() {
  const [, , helpers] = useField<File | null>('archive');
  return (
    <LabelledField name="archive" label="Backup file" hint="A backup archive (backup-….tar.gz) made by this product.">
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          type="file"
          accept=".gz,application/gzip"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => void helpers.setValue(event.currentTarget.files?.[0] ?? null)}
        />
      )}
    </LabelledField>
  );
}

function Progress({ percent, label = 'Backup progress' }: { percent: number; label?: string }) {
  const rounded = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <ProgressRow>
      <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rounded}>
        <Bar style={{ width: `${rounded}%` }} />
      </Track>
      <span>{rounded}%</span>
    </ProgressRow>
  );
}

/** The kit's Download button at the size of the row's other actions. */
const RowSized = styled.span`
  button {
    min-height: 32px;
    padding: 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
`;

const Warning = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

const Making = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const ProgressRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.color.primarySoft};
  overflow: hidden;
`;

const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width 0.2s ease;
`;

const scheduleSchema = yup.object({
  when: yup.string().required(),
  at: yup.string().when('when', {
    is: 'daily',
    then: (schema) =>
      schema
        .required('Time is required')
        .matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Time must be a time of day as HH:MM, like 02:30'),
  }),
  keep: yup
    .number()
    .typeError('Latest kept must be a number')
    .required('Latest kept is required')
    .integer('Latest kept must be a whole number')
    .min(1, 'Latest kept must be at least 1')
    .max(60, 'Latest kept must be at most 60'),
});
type ScheduleValues = yup.InferType<typeof scheduleSchema>;

/** The daily backup: at a time of the parish's day, or off; how many of the latest are kept. */
function DailyBackup() {
  const load = useResource(backupSchedule.detail('daily'), backupScheduleApi.get);
  const schedule = load.data;
  const save = async (values: ScheduleValues, form: FormikHelpers<ScheduleValues>) => {
    try {
      const saved = await backupScheduleApi.save({
        at: values.when === 'daily' ? values.at!.trim() : null,
        keep: Number(values.keep),
      });
      notify.success(saved.message);
      form.resetForm({ values: valuesOf(saved.data) });
    } catch {
      // Shown by the client; what was typed stays.
    }
  };
  return (
    <Section aria-labelledby="daily-backup-title">
      <Heading>
        <h3 id="daily-backup-title">Daily backup</h3>
      </Heading>
      {schedule?.failure && (
        <Notice $tone="alert" role="alert">
          <p>
            The daily backup of {timeOf(schedule.failure.at)} failed: {schedule.failure.message}
          </p>
        </Notice>
      )}
      <Note>
        Made once a day by the server. Of those, the latest are kept, and the first of each of the last 3 months; the
        ones made with Back up now are kept until deleted.
      </Note>
      {schedule ? (
        <RecordForm<ScheduleValues>
          initialValues={valuesOf(schedule)}
          validationSchema={scheduleSchema}
          onSubmit={save}
          label="Save"
        >
          {({ values }) => (
            <>
              <SelectField
                name="when"
                label="Daily backup"
                options={[
                  { value: 'daily', label: 'Every day' },
                  { value: 'off', label: 'Off' },
                ]}
                emptyOption={false}
              />
              {values.when === 'daily' && (
                <TextField name="at" label="Time" hint={`HH:MM, in the parish’s time zone (${schedule.timeZone})`} />
              )}
              <NumberField name="keep" label="Latest kept" min={1} max={60} />
            </>
          )}
        </RecordForm>
      ) : (
        <NotLoaded load={load} what="The daily backup" missing={null} />
      )}
    </Section>
  );
}

const valuesOf = (schedule: BackupScheduleSettings): ScheduleValues => ({
  when: schedule.at ? 'daily' : 'off',
  at: schedule.at ?? '02:30',
  keep: schedule.keep,
});
