import { Routes } from 'react-router-dom';
import { GroupDetailsScreen } from './groups/GroupDetailsScreen';
import { AddGroupScreen, EditGroupScreen } from './groups/GroupForm';
import { GroupListScreen } from './groups/GroupListScreen';
import { MassSchedulingScreen } from './mass-scheduling/MassSchedulingScreen';
import { IntentionsReportScreen } from './mass-scheduling/IntentionsReport';
import { PrintReport } from './mass-scheduling/PrintReport';
import { PrintWeek } from './mass-scheduling/PrintWeek';
import { PrayerRequestsScreen } from './prayer-requests/PrayerRequestsScreen';
import { routesOf, screensFor } from './routes';

/** The screen at each path of routes.json: one for each, and none for a path it does not declare. */
const screens = screensFor({
  '/mass-scheduling': <MassSchedulingScreen />,
  '/mass-scheduling/print': <PrintWeek />,
  '/mass-scheduling/report': <IntentionsReportScreen />,
  '/mass-scheduling/report/print': <PrintReport />,
  '/group-list': <GroupListScreen />,
  '/group-formation': <AddGroupScreen />,
  '/group/:id': <GroupDetailsScreen />,
  '/group/edit/:id': <EditGroupScreen />,
  '/prayer-requests': <PrayerRequestsScreen />,
});

/** The community remote's screens, at the spec's absolute paths (declared in routes.json). */
export default function App() {
  return <Routes>{routesOf(screens)}</Routes>;
}
