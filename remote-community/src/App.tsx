import { Route, Routes } from 'react-router-dom';
import { MassSchedulingScreen } from './mass-scheduling/MassSchedulingScreen';

/** The community remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/mass-scheduling" element={<MassSchedulingScreen />} />
    </Routes>
  );
}
