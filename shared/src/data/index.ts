// 'shared/data': the data layer of the back-office screens (docs/composition.md, "Load states"). A second entry of
// `shared`, shared as its own federation singleton, so that the login page never loads TanStack Query.
export { useResource, resource, type Resource } from './resource';
export { useGrowingList, type PageAnswer, type PageRequest } from './growingList';
export { recordScreens, useRecord, useRecordInList, type MissingWords } from './record';
export { useSave, useRemove, useRemoveRow, useRemoveAll, useRestore } from './save';
export { useList } from './list';
export { pageCall, resourceCalls, resourceWithCalls } from './calls';
export { HistoryDialog, RecordHistory, type ComparedField } from './history';
// A kind of record declared once, and the headless controller its screens are built on.
export { recordKind, recordKindOf, sendingCalls, type RecordKind } from './kind';
export { useRecordController, type RecordController } from './controller';
export {
  ControlledForm,
  RecordDetailsHeader,
  RecordDetailsScreen,
  RecordLoaded,
  recordFormScreens,
} from './RecordScreens';
