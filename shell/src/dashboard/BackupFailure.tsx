import { Link } from 'react-router-dom';
import { allows, callApi, formatDateTime, Notice, usePermissions } from 'shared';
import { useResource } from 'shared/data';

/** The daily backup's settings; its `failure` is set from a failed daily backup until one succeeds. */
const schedule = {
  key: ['backups', 'schedule'],
  load: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/backups/schedule', { signal })).data,
};

/**
 * For the Admins (who manage the team, and so the backups): a failed daily backup, said on the
 * dashboard until a backup succeeds, with the way to Settings → Backups. Nothing for anyone else,
 * and nothing asked of the server for them.
 */
export function BackupFailure() {
  const admin = allows(usePermissions(), 'team');
  const load = useResource(schedule.key, schedule.load, { enabled: admin });
  const failure = admin ? load.data?.failure : undefined;
  if (!failure) return null;
  return (
    <Notice $tone="alert" role="alert" aria-label="Backup failed">
      <p>
        The daily backup of {formatDateTime(failure.at) || failure.at} failed: {failure.message}. Until a backup
        succeeds, the parish&apos;s latest records are in no backup.
      </p>
      <Link to="/settings/backups">Open Settings → Backups</Link>
    </Notice>
  );
}
