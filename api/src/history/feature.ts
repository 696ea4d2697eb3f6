import type { Feature } from '../resources/feature';

// The pictures a kept version of a record shows (versions.ts); each feature serves its own history.
export const historyFeature: Feature = { name: 'history', files: [{ table: 'recordVersionFiles', column: 'name' }] };
