import { DataTable, formatDateTime, Notice, NotLoaded, SectionHeader, Panel, runtimeInfo, type Column } from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { account, accountApi } from './api';
import { rolloutsApi, versionsApi, type BuildInfo, type RemoteRollout } from './deployedVersions';

const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.muted};
`;

/** What a developer needs, below the table: its summary in the primary colour, with an arrow that turns. */
const TechnicalDetails = styled.details`
  margin-top: ${({ theme }) => theme.space(5)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding-top: ${({ theme }) => theme.space(4)};
  summary {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.primary};
    border-radius: 4px;
    list-style: none;
    &::-webkit-details-marker {
      display: none;
    }
    &::before {
      content: '▸';
      display: inline-block;
      transition: transform 0.15s ease;
    }
    &:hover {
      text-decoration: underline;
    }
  }
  &[open] summary::before {
    transform: rotate(90deg);
  }
`;

const Mono = styled.code`
  font-size: 0.85em;
`;

interface Row {
  app: string;
  version?: string;
  /** Release id, build time and commit: builds only (the API is versioned by its package). */
  build?: Omit<BuildInfo, 'version'>;
  /** What this browser runs, where it differs from what is live. */
  here?: string;
}

const fromBuild = (app: string, build: BuildInfo | null, here?: string): Row => ({
  app,
  version: build?.version,
  build: build ?? undefined,
  here,
});

const builtAt = (iso: string) => formatDateTime(iso) || iso;

const columns: Column<Row>[] = [
  { header: 'App', cell: (row) => row.app },
  { header: 'Version', cell: (row) => row.version ?? '—' },
  { header: 'Release', cell: (row) => (row.build ? <Mono>{row.build.release}</Mono> : '—') },
  { header: 'Built', cell: (row) => (row.build ? builtAt(row.build.builtAt) : '—') },
  { header: 'Commit', cell: (row) => (row.build ? <Mono>{row.build.commit}</Mono> : '—') },
  { header: 'In this browser', cell: (row) => row.here ?? 'Same' },
];

const percent = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : 0);

/** "1 of 30 browsers (3 %)": how many the release was served to, and how many of them failed. */
const failures = ({ seen, failed }: { seen: number; failed: number }) =>
  seen === 0
    ? 'No browser served yet'
    : `${failed} of ${seen} ${seen === 1 ? 'browser' : 'browsers'} (${percent(failed, seen)} %)`;

type InRollout = RemoteRollout & { rollout: NonNullable<RemoteRollout['rollout']> };

const rolloutColumns: Column<InRollout>[] = [
  { header: 'App', cell: (row) => row.label },
  {
    header: 'Live release',
    cell: (row) => (
      <>
        <Mono>{row.release}</Mono> · {100 - row.rollout.share} %
      </>
    ),
  },
  {
    header: 'New release',
    cell: (row) => (
      <>
        <Mono>{row.rollout.release}</Mono> · {row.rollout.share} %
      </>
    ),
  },
  { header: 'Since', cell: (row) => builtAt(row.rollout.since) },
  { header: 'Failed in', cell: (row) => failures(row.rollout) },
];

/**
 * The Admins' part: each rollout with both shares and the new release's failures, and a notice for each
 * rollout the server took back by itself (until a later deploy).
 */
function Rollouts() {
  const load = useResource(['rollouts'], (signal) => rolloutsApi.get(signal));
  const { data } = load;
  if (!data) return <NotLoaded load={load} what="The rollouts" missing={null} />;
  const rolledBack = data.filter((remote) => remote.rolledBack);
  const inRollout = data.filter((remote): remote is InRollout => remote.rollout !== null);
  return (
    <>
      {rolledBack.map(({ name, label, release, rolledBack: notice }) => (
        <Notice key={name} $tone="alert" role="alert">
          <p>
            {label} {notice!.release} was rolled back automatically on {builtAt(notice!.at)}: {notice!.failed} of{' '}
            {notice!.seen} browsers failed. Every browser gets {release}.
          </p>
        </Notice>
      ))}
      {inRollout.length > 0 && (
        <DataTable caption="Rollouts" columns={rolloutColumns} rows={inRollout} rowKey={(row) => row.name} />
      )}
    </>
  );
}

/** Settings → Deployed versions: what is live on the server and what this browser actually runs. */
export function DeployedVersions() {
  const load = useResource(['deployed-versions'], (signal) => versionsApi.get(signal));
  const { data } = load;
  const running = runtimeInfo();
  // The same query as Settings' own (one request): the server's permission table decides.
  const me = useResource(account.detail('me'), accountApi.get);
  const isAdmin = me.data?.permissions.includes('team') ?? false;

  let body;
  if (!data) body = <NotLoaded load={load} what="The deployed versions" missing={null} />;
  else {
    const rows: Row[] = [
      fromBuild('Shell', data.shell),
      ...data.remotes.map((remote) => {
        const release = running.remotes[remote.name];
        const here = !release
          ? 'Not loaded yet'
          : release === remote.release
            ? undefined
            : `${release} (reload for ${remote.release})`;
        return fromBuild(remote.label, remote.build, here);
      }),
      // The API runs on the server only: "in this browser" does not apply.
      { app: 'API', version: data.api.version, here: '—' },
    ];
    body = (
      <>
        <DataTable caption="Deployed versions" columns={columns} rows={rows} rowKey={(row) => row.app} />
        {/* What only a developer needs: closed until asked for. */}
        <TechnicalDetails>
          <summary>Technical details</summary>
          <Note>Shared libraries this browser loaded, and the app that provided each:</Note>
          <DataTable
            caption="Shared libraries in this browser"
            columns={[
              { header: 'Library', cell: (lib) => lib.name },
              { header: 'Version', cell: (lib) => lib.version },
              { header: 'Provided by', cell: (lib) => lib.from },
            ]}
            rows={running.shared}
            rowKey={(lib) => `${lib.name}@${lib.version}`}
          />
        </TechnicalDetails>
      </>
    );
  }

  return (
    <Panel aria-label="Deployed versions">
      <SectionHeader title="Deployed versions" />
      {isAdmin && <Rollouts />}
      {body}
    </Panel>
  );
}
