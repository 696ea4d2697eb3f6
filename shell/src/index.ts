// The async boundary lets the federation runtime negotiate shared singletons before React loads.
import('./bootstrap').catch((error: unknown) => console.error('The app could not start', error));
