import { Route, Routes } from 'react-router-dom';
import { SettingsScreen } from './settings/SettingsScreen';
import { UsersScreen } from './users/UsersScreen';

/** The finance remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/users" element={<UsersScreen />} />
      <Route path="/settings" element={<SettingsScreen />} />
    </Routes>
  );
}
