import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { EmptyText, LoadingBlock, NotLoaded, PageHeader, Panel, SectionHeader } from 'shared';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { PasswordPanel, ProfilePanel, SessionsPanel } from './AccountPanels';
import { ActivityPanel } from './ActivityPanel';
import { BackupsPanel } from './BackupsPanel';
import { account, accountApi } from './api';
import { DeployedVersions } from './DeployedVersions';
import { MailPanel } from './MailPanel';
import { ParishPanel } from './ParishPanel';
import { TeamPanel } from './TeamPanel';
import { TrashPanel } from './TrashPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

interface Section {
  /** Its address under /settings (each is also declared in routes.json, titled Settings). */
  path: string;
  label: string;
  /** Shown only to members whose permissions include this one. */
  needs?: 'team' | 'content';
  element: ReactElement;
}

/** The sections of Settings, in the order of the section navigation; the first is /settings itself. */
const SECTIONS = [
  { path: 'profile', label: 'Profile', element: <ProfilePanel /> },
  { path: 'password', label: 'Password', element: <PasswordPanel /> },
  { path: 'two-factor', label: 'Two-factor sign-in', element: <TwoFactorPanel /> },
  { path: 'sessions', label: 'Sessions', element: <SessionsPanel /> },
  { path: 'parish', label: 'Parish', element: <ParishPanel /> },
  { path: 'team', label: 'Team', needs: 'team', element: <TeamPanel /> },
  { path: 'mail', label: 'Mail', needs: 'team', element: <MailPanel /> },
  { path: 'activity', label: 'Activity', needs: 'team', element: <ActivityPanel /> },
  { path: 'trash', label: 'Trash', needs: 'content', element: <TrashPanel /> },
  { path: 'backups', label: 'Backups', needs: 'team', element: <BackupsPanel /> },
  { path: 'versions', label: 'Deployed versions', element: <DeployedVersions /> },
] as const satisfies readonly Section[];

type SectionAddress = `/settings/${(typeof SECTIONS)[number]['path']}`;

const addressOf = (section: Section) => `/settings/${section.path}`;

/** The signed-in member's account, and whether the server's permission table lets them open a section. */
function useMe() {
  // The same query as the Profile panel's: one request.
  const load = useResource(account.detail('me'), accountApi.get);
  // The server's permission table decides (GET /account answers the role's), not the role's name.
  const permissions = load.data?.permissions;
  const opens = useCallback(
    (section: Section) => !section.needs || (permissions?.includes(section.needs) ?? false),
    [permissions],
  );
  return { load, opens };
}

const Frame = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its panel instead of widening the page on a phone. */
  grid-template-columns: 13rem minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(4)};
  }
`;

const SectionList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  @media ${({ theme }) => theme.layout.narrowScreen} {
    /* On a phone: one row of tabs that scrolls sideways, under the page's title. */
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
    overflow-x: auto;
    scrollbar-width: thin;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    li {
      flex: none;
    }
  }
`;

const SectionLink = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: 6px;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.color.border};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
  @media ${({ theme }) => theme.layout.narrowScreen} {
    white-space: nowrap;
    border-radius: 6px 6px 0 0;
    border-bottom: 3px solid transparent;
    &[aria-current='page'] {
      background: none;
      border-bottom-color: ${({ theme }) => theme.color.primary};
    }
  }
`;

/** The section navigation: every section the member may open, the current one marked. */
function SectionNav({ opens }: { opens: (section: Section) => boolean }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the current tab may sit beyond the row's right edge: it is scrolled into view.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, opens]);
  return (
    <nav aria-label="Settings sections">
      <SectionList ref={list}>
        {SECTIONS.filter((section: Section) => opens(section)).map((section) => (
          <li key={section.path}>
            <SectionLink to={addressOf(section)}>{section.label}</SectionLink>
          </li>
        ))}
      </SectionList>
    </nav>
  );
}

/**
 * /settings/*: the section navigation beside the current section. The member's own account —
 * profile, password, two-factor sign-in, sessions —, the parish's settings (an Admin's to change), for a member who manages the team the team and
 * the activity record, for a member who edits the content the trash, then the read-only Deployed
 * versions: what is live and what this browser runs.
 */
export function SettingsScreen() {
  const { opens } = useMe();
  return (
    <>
      <PageHeader />
      <Frame>
        <SectionNav opens={opens} />
        <Outlet />
      </Frame>
    </>
  );
}

/** A section for members with a permission: opened by its address without it, said so. */
function PermittedOnly({ section }: { section: Section }) {
  const { load, opens } = useMe();
  if (opens(section)) return <>{section.element}</>;
  // While the permissions are read, no panel yet: the section's own takes its place once they are.
  if (load.loading) return <LoadingBlock />;
  return (
    <Panel aria-label={section.label}>
      <SectionHeader title={section.label} />
      {load.data ? (
        <EmptyText>Your role cannot open this section. An Admin can change it in Settings → Team.</EmptyText>
      ) : (
        <NotLoaded load={load} what="Your account" missing={null} />
      )}
    </Panel>
  );
}

/**
 * What Settings shows at each of its addresses (each declared in routes.json, titled Settings), beside
 * the section navigation of SettingsScreen. /settings is its first section: every link to /settings
 * opens it; Back skips the redirect.
 */
export const settingsScreens = {
  '/settings': <Navigate to={addressOf(SECTIONS[0])} replace />,
  ...(Object.fromEntries(
    SECTIONS.map((section: Section) => [
      addressOf(section),
      section.needs ? <PermittedOnly section={section} /> : section.element,
    ]),
  ) as Record<SectionAddress, ReactElement>),
};

/** An address under /settings that is no section. */
export function UnknownSection() {
  return (
    <Panel>
      <EmptyText>This page does not exist.</EmptyText>
    </Panel>
  );
}
