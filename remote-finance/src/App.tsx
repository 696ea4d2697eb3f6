import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { WritesNeed } from 'shared';
import { AboutScreen } from './about/AboutScreen';
import { AddAboutScreen } from './about/AboutForm';
import { AddBankAccountScreen } from './bank-accounts/BankAccountForm';
import { BankAccountListScreen } from './bank-accounts/BankAccountListScreen';
import { DonationDetailsScreen } from './donations/DonationDetailsScreen';
import { AddDonationScreen, EditDonationScreen } from './donations/DonationForm';
import { DonationListScreen } from './donations/DonationListScreen';
import { AddPrayerScreen } from './prayers/PrayerForm';
import { PrayerListScreen } from './prayers/PrayerListScreen';
import { routePaths, routesOf, screensFor } from './routes';
import { SettingsScreen, settingsScreens, UnknownSection } from './settings/SettingsScreen';
import { UsersScreen } from './users/UsersScreen';

/** Donations and bank accounts are written with the 'finance' permission; the rest with 'content'. */
const financeWrites = (screen: ReactElement) => <WritesNeed permission="finance">{screen}</WritesNeed>;

/** The screen at each path of routes.json: one for each, and none for a path it does not declare. */
const screens = screensFor({
  '/users': <UsersScreen />,
  ...settingsScreens,
  '/donations': financeWrites(<DonationListScreen />),
  '/donation/add': financeWrites(<AddDonationScreen />),
  '/donations/:id': financeWrites(<DonationDetailsScreen />),
  '/edit-donation/:id': financeWrites(<EditDonationScreen />),
  '/bank-accounts': financeWrites(<BankAccountListScreen />),
  '/add-bank-account': financeWrites(<AddBankAccountScreen />),
  '/prayers': <PrayerListScreen />,
  '/add-prayer': <AddPrayerScreen />,
  '/about': <AboutScreen />,
  '/add-about': <AddAboutScreen />,
});

/** Settings' addresses show their section beside the section navigation. */
const inSettings = (path: string) => path === '/settings' || path.startsWith('/settings/');

/** The finance remote's screens, at the spec's absolute paths (declared in routes.json). */
export default function App() {
  return (
    <Routes>
      {routesOf(
        screens,
        routePaths.filter((path) => !inSettings(path)),
      )}
      <Route element={<SettingsScreen />}>
        {routesOf(screens, routePaths.filter(inSettings))}
        <Route path="/settings/*" element={<UnknownSection />} />
      </Route>
    </Routes>
  );
}
