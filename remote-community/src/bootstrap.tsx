import { renderStandalone } from 'shared';
import App from './App';

// Standalone harness for this remote's own team (npm run dev -w remote-community).
renderStandalone(App, 'remote-community');
