import { useState } from 'react';
import { DataTable, Notice, NotLoaded, SectionHeader, Panel, runtimeInfo, type Column } from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { account, accountApi } from './api';
import { DeployTokens } from './DeployTokens';
import { PublishedReleases } from './PublishedReleases';
import { Mono, timeOf } from './sections';
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

const columns: Column<Row>[] = [
  { header: 'App', cell: (row) => row.app },
  { header: 'Version', cell: (row) => row.version ?? '—' },
  { header: 'Release', cell: (row) => (row.build ? <Mono>{row.build.release}</Mono> : '—') },
  { header: 'Built', cell: (row) => (row.build ? timeOf(row.build.builtAt) : '—') },
  { header: 'Commit', cell: (row) => (row.build ? <Mono>{row.build.commit}</Mono> : '—') },
  { header: 'In this browser', cell: (row) => row.here ?? 'Same' },
];

const percent = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : 0);

/**
 * "1 of 30 (3 %)": of the members whose browsers were served the release, how many had one report a
 * failure. The server counts members, not browsers, so that no one account decides a rollback.
 */
const failures = ({ seen, failed }: { seen: number; failed: number }) =>
  seen === 0 ? 'None served yet' : `${failed} of ${seen} (${percent(failed, seen)} %)`;

type InRollout = RemoteRollout & { rollout: NonNullable<RemoteRollout['rollout']> };

const NoWrap = styled.span`
  white-space: nowrap;
`;

const rolloutColumns: Column<InRollout>[] = [
  { header: 'App', cell: (row) => row.label },
  { header: 'Live release', cell: (row) => <Mono>{row.release}</Mono> },
  { header: 'New release', cell: (row) => <Mono>{row.rollout.release}</Mono> },
  {
    header: 'Shares',
    cell: (row) => (
      <NoWrap>
        {100 - row.rollout.share} % / {row.rollout.share} %
      </NoWrap>
    ),
  },
  { header: 'Members failed', cell: (row) => <NoWrap>{failures(row.rollout)}</NoWrap> },
  { header: 'Since', cell: (row) => timeOf(row.rollout.since) },
];

const RolloutsTitle = styled.h3`
  margin: ${({ theme }) => theme.space(6)} 0 ${({ theme }) => theme.space(2)};
  font-size: 1rem;
`;

/** GET /rollouts, asked only for an Admin; one query for every part of the screen. */
const useRollouts = (enabled = true) => useResource(['rollouts'], (signal) => rolloutsApi.get(signal), { enabled });

/** The Admins' part: each rollout with both shares and how many of the new release's members failed. */
function Rollouts() {
  const load = useRollouts();
  const { data } = load;
  if (!data) return <NotLoaded load={load} what="The rollouts" missing={null} />;
  const inRollout = data.filter((remote): remote is InRollout => remote.rollout !== null);
  if (!inRollout.length) return null;
  return (
    <>
      <RolloutsTitle>Rollouts</RolloutsTitle>
      <Note>
        Each new release is served to a share of the browsers, the live one to the rest. Failures count once per member,
        whatever their browsers.
      </Note>
      <DataTable caption="Rollouts" columns={rolloutColumns} rows={inRollout} rowKey={(row) => row.name} />
    </>
  );
}

/** A notice for each rollout the server took back by itself, until a later deploy. */
function AutomaticRollbacks() {
  const load = useRollouts();
  return (
    <>
      {(load.data ?? [])
        .filter((remote) => remote.rolledBack)
        .map(({ name, label, release, rolledBack: notice }) => (
          <Notice key={name} $tone="alert" role="alert">
            <p>
              {label} {notice!.release} was rolled back automatically on {timeOf(notice!.at)}: {notice!.failed} of{' '}
              {notice!.seen} members&apos; browsers failed. Every browser gets {release}.
            </p>
          </Notice>
        ))}
    </>
  );
}

/**
 * Settings → Deployed versions: what is live on the server and what this browser actually runs, and
 * for an Admin the rollouts and the remote teams' deploy tokens.
 */
export function DeployedVersions() {
  const load = useResource(['deployed-versions'], (signal) => versionsApi.get(signal));
  const { data } = load;
  const running = runtimeInfo();
  // The same query as Settings' own (one request): the server's permission table decides. The deploy
  // tokens and the rollouts are an Admin's (the team permission): nobody else sees them or asks for them.
  const me = useResource(account.detail('me'), accountApi.get);
  const isAdmin = me.data?.permissions.includes('team') ?? false;
  const rollouts = useRollouts(isAdmin);
  // The remote whose releases are in view: a new deploy token starts on it.
  const [remoteInView, setRemoteInView] = useState<string>();

  let body;
  if (!data) body = <NotLoaded load={load} what="The deployed versions" missing={null} />;
  else {
    const rows: Row[] = [
      fromBuild('Shell', data.shell),
      ...data.remotes.map((remote) => {
        const release = running.remotes[remote.name];
        const rollout = rollouts.data?.find((entry) => entry.name === remote.name)?.rollout;
        const here = !release
          ? 'Not loaded yet'
          : release === remote.release
            ? undefined
            : release === rollout?.release
              ? `${release} (this browser is in the rollout)`
              : `${release} (reload for ${remote.release})`;
        return fromBuild(remote.label, remote.build, here);
      }),
      // The API runs on the server only: "in this browser" does not apply.
      { app: 'API', version: data.api.version, here: '—' },
    ];
    body = (
      <>
        <DataTable caption="Deployed versions" columns={columns} rows={rows} rowKey={(row) => row.app} />
        {isAdmin && <Rollouts />}
        {isAdmin && (
          <PublishedReleases remotes={data.remotes} rollouts={rollouts.data} onRemoteChange={setRemoteInView} />
        )}
        {isAdmin && <DeployTokens remotes={data.remotes} remoteInView={remoteInView} />}
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
      {isAdmin && <AutomaticRollbacks />}
      {body}
    </Panel>
  );
}
