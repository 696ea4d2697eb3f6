import { renderStandalone } from 'shared';
import App from './App';

// Standalone harness for this remote's own team (npm run dev -w remote-content).
renderStandalone(App, 'remote-content');
