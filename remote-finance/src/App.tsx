import { Outlet, Route, Routes } from 'react-router-dom';
import { WritesNeed } from 'shared';
import { AboutScreen } from './about/AboutScreen';
import { AddAboutScreen } from './about/AboutForm';
import { AddBankAccountScreen } from './bank-accounts/BankAccountForm';
import { BankAccountListScreen } from './bank-accounts/BankAccountListScreen';
import { DonationDetailsScreen } from './donations/DonationDetailsScreen';
import { AddDonationScreen, EditDonationScreen } from './donations/DonationFormScreens';
import { DonationListScreen } from './donations/DonationListScreen';
import { AddPrayerScreen } from './prayers/PrayerForm';
import { PrayerListScreen } from './prayers/PrayerListScreen';
import { settingsRoutes } from './settings/SettingsScreen';
import { UsersScreen } from './users/UsersScreen';

/** Donations and bank accounts are written with the 'finance' permission; the rest with 'content'. */
function FinanceWrites() {
  return (
    <WritesNeed permission="finance">
      <Outlet />
    </WritesNeed>
  );
}

/** The finance remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/users" element={<UsersScreen />} />
      {settingsRoutes()}
      <Route element={<FinanceWrites />}>
        <Route path="/donations" element={<DonationListScreen />} />
        <Route path="/donation/add" element={<AddDonationScreen />} />
        <Route path="/donations/:id" element={<DonationDetailsScreen />} />
        <Route path="/edit-donation/:id" element={<EditDonationScreen />} />
        <Route path="/bank-accounts" element={<BankAccountListScreen />} />
        <Route path="/add-bank-account" element={<AddBankAccountScreen />} />
      </Route>
      <Route path="/prayers" element={<PrayerListScreen />} />
      <Route path="/add-prayer" element={<AddPrayerScreen />} />
      <Route path="/about" element={<AboutScreen />} />
      <Route path="/add-about" element={<AddAboutScreen />} />
    </Routes>
  );
}
