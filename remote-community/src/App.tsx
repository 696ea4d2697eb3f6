import { Route, Routes } from 'react-router-dom';
import { GroupDetailsScreen } from './groups/GroupDetailsScreen';
import { AddGroupScreen, EditGroupScreen } from './groups/GroupFormScreens';
import { GroupListScreen } from './groups/GroupListScreen';
import { MassSchedulingScreen } from './mass-scheduling/MassSchedulingScreen';
import { PrayerRequestsScreen } from './prayer-requests/PrayerRequestsScreen';

/** The community remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/group-list" element={<GroupListScreen />} />
      <Route path="/group-formation" element={<AddGroupScreen />} />
      <Route path="/group/:id" element={<GroupDetailsScreen />} />
      <Route path="/group/edit/:id" element={<EditGroupScreen />} />
      <Route path="/mass-scheduling" element={<MassSchedulingScreen />} />
      <Route path="/prayer-requests" element={<PrayerRequestsScreen />} />
    </Routes>
  );
}
