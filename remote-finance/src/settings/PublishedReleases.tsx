import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListTable, RowAction, RowActions, type Column } from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { releasesApi, type PublishedRelease, type RemoteRollout } from './deployedVersions';
import { FilterSelect, Heading, Mono, Note, Section, timeOf } from './sections';

const Picker = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  font-size: 0.85rem;
`;

interface Remote {
  name: string;
  label: string;
}

/** A full load: the shell reads the map again and loads the previewed release whole. */
const loadAgain = (address: string) => window.location.replace(address);

/**
 * Settings → Deployed versions → Releases (an Admin's): a remote's published releases, each that is not
 * live with Preview, which makes this browser alone load it (the banner on every page leaves it). The
 * link a team's CI prints (`?preview=finance/<release>`) starts the same preview once signed in.
 */
export function PublishedReleases({
  remotes,
  rollouts,
  onRemoteChange,
  onPreviewStarted = loadAgain,
}: {
  remotes: Remote[];
  rollouts?: RemoteRollout[];
  /** Told the remote whose releases are shown, at first and on every change. */
  onRemoteChange?: (remote: string) => void;
  /** What follows a preview started: a full load of this page (tests watch it instead). */
  onPreviewStarted?: (address: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('preview');
  const [remote, setRemote] = useState(() => {
    const named = asked?.split('/')[0];
    return remotes.some((candidate) => candidate.name === named) ? named! : (remotes[0]?.name ?? '');
  });
  const load = useResource(['releases', remote], (signal) => releasesApi.list(remote, signal), {
    enabled: Boolean(remote),
  });
  useEffect(() => onRemoteChange?.(remote), [remote, onRemoteChange]);
  const [starting, setStarting] = useState<string>();
  const label = remotes.find((candidate) => candidate.name === remote)?.label ?? remote;
  const inRollout = rollouts?.find((candidate) => candidate.name === remote)?.rollout?.release;

  /** True once the preview is on (the page then loads again); the client's toast says why otherwise. */
  const startPreview = async (name: string, release: string) => {
    try {
      await releasesApi.preview(name, release);
      onPreviewStarted(window.location.pathname);
      return true;
    } catch {
      // Already live, no longer published …: nothing changed.
      return false;
    }
  };
  const preview = async (name: string, release: string) => {
    // One at a time: the page loads again once the preview is on.
    if (starting) return;
    setStarting(release);
    if (!(await startPreview(name, release))) setStarting(undefined);
  };

  // The CI's link: started once, then the address loses its query whatever the answer.
  const linkHandled = useRef(false);
  useEffect(() => {
    if (!asked || linkHandled.current) return;
    linkHandled.current = true;
    const [name, release] = asked.split('/');
    setParams({}, { replace: true });
    if (name && release) void startPreview(name, release);
  });

  const state = (release: PublishedRelease) =>
    release.live ? 'Live' : release.release === inRollout ? 'In rollout' : release.previous ? 'Previous' : 'Published';
  const columns: Column<PublishedRelease>[] = [
    { header: 'Release', cell: (release) => <Mono>{release.release}</Mono> },
    { header: 'Version', cell: (release) => release.version },
    { header: 'Built', cell: (release) => timeOf(release.builtAt) },
    { header: 'Commit', cell: (release) => <Mono>{release.commit}</Mono> },
    { header: 'State', cell: state },
    {
      header: 'Action',
      fit: true,
      cell: (release) =>
        release.live ? (
          '—'
        ) : (
          <RowActions>
            <RowAction
              aria-label={`Preview ${label} ${release.release}`}
              onClick={() => void preview(remote, release.release)}
            >
              {starting === release.release ? 'Opening…' : 'Preview'}
            </RowAction>
          </RowActions>
        ),
    },
  ];

  return (
    <Section aria-labelledby="releases-title">
      <Heading>
        <h3 id="releases-title">Releases</h3>
        <Picker>
          Remote
          <FilterSelect value={remote} onChange={(event) => setRemote(event.target.value)}>
            {remotes.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.label}
              </option>
            ))}
          </FilterSelect>
        </Picker>
      </Heading>
      <Note>
        Preview opens a release in this browser only, before it goes live; a banner on every page leaves the preview.
      </Note>
      <ListTable
        caption={`Releases of ${label}`}
        itemsName="releases"
        load={load}
        emptyText="No releases published yet."
        columns={columns}
        rows={load.data ?? []}
        rowKey={(release) => release.release}
      />
    </Section>
  );
}
