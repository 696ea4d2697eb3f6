import styled from 'styled-components';
import { DeployedVersions } from './DeployedVersions';
import { PageHeader } from 'shared';
import { useResource } from 'shared/data';
import { PasswordPanel, ProfilePanel, SessionsPanel } from './AccountPanels';
import { account, accountApi } from './api';
import { TeamPanel } from './TeamPanel';
import { TwoFactorPanel } from './TwoFactorPanel';
import { ActivityPanel } from './ActivityPanel';

const Stack = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its panel instead of widening the page on a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
`;

/**
 * /settings: the signed-in member's own account — profile, password, two-factor sign-in and sessions — and, for an Admin,
 * the team and the activity record; then the read-only Deployed versions panel: what is live and what this browser runs.
 */
export function SettingsScreen() {
  // The same query as the Profile panel's: one request.
  const me = useResource(account.detail('me'), accountApi.get).data;
  // The server's permission table decides (GET /account answers the role's), not the role's name.
  const managesTeam = me?.permissions.includes('team') ?? false;
  return (
    <Stack>
      <PageHeader />
      <ProfilePanel />
      <PasswordPanel />
      <TwoFactorPanel />
      <SessionsPanel />
      {managesTeam && <TeamPanel />}
      {managesTeam && <ActivityPanel />}
      <DeployedVersions />
    </Stack>
  );
}
