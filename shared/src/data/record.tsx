import type { ComponentType, ReactElement } from 'react';
import { useParams } from 'react-router-dom';
// Through the package name, not a relative path: the federation then hands this entry the page's one
// `shared`.
import type { LoadState } from 'shared';
import { useLoadedRecord, type LoadedRecord } from './controller';
import { RecordNotThere } from './RecordScreens';
import type { Resource } from './resource';

// The record screens of before the record controller, kept for the remotes released with them: each
// is the controller's loading (`useLoadedRecord`) with the screen to show while the record is not there.

/**
 * What a details or edit screen says when its record is not there: the subject of a failed load
 * ('This book' could not be loaded.), and the spec's not-found text, to the letter, with the way back
 * from it (where, and its button's text).
 */
export interface MissingWords {
  what: string;
  notFound: [message: string, backTo: string, backLabel: string];
}

/**
 * A screen's record: loaded (`record`), or not yet there, and then `fallback` is the whole screen to
 * show instead (the spinner, the failure with Retry, or the spec's not-found text with a way back).
 */
export type RecordScreen<T> =
  | { record: T; fallback: null; load: LoadState<unknown> }
  | { record: undefined; fallback: ReactElement; load: LoadState<unknown> };

function recordScreen<T>({ record, load }: LoadedRecord<T>, words: MissingWords): RecordScreen<T> {
  if (record !== undefined && record !== null) return { record, fallback: null, load };
  return { record: undefined, fallback: <RecordNotThere load={load} what={words.what} notFound={words.notFound} />, load };
}

/**
 * The record a details or edit screen shows, by the id in its address (`param`, 'id' unless told),
 * cached under the resource's detail key; a 404 is the spec's not-found text.
 */
export function useRecord<T>(
  resource: Resource,
  get: (id: string, signal: AbortSignal) => Promise<T>,
  words: MissingWords,
  param = 'id',
): RecordScreen<T> {
  const id = useParams()[param] ?? '';
  return recordScreen(useLoadedRecord(resource, { get: (key, signal) => get(key, signal!) }, id), words);
}

/**
 * The record of a kind the API has no single-record call for: looked up by the id in the address
 * among its list (cached under the resource's list key); absent from it, the spec's not-found text.
 */
export function useRecordInList<T extends { _id: string }>(
  resource: Resource,
  list: (signal: AbortSignal) => Promise<T[]>,
  words: MissingWords,
): RecordScreen<T> {
  const { id = '' } = useParams();
  return recordScreen(useLoadedRecord(resource, { list: (signal) => list(signal!) }, id), words);
}

/**
 * The add and edit screens of a record's form: the blank form, and the form of the stored record
 * (`useStored` loads it) once it is there.
 */
export function recordScreens<T>(
  Form: ComponentType<{ record?: T }>,
  useStored: () => RecordScreen<T>,
): { AddScreen: () => ReactElement; EditScreen: () => ReactElement | null } {
  return {
    AddScreen: () => <Form />,
    EditScreen: () => {
      const { record, fallback } = useStored();
      return record ? <Form record={record} /> : fallback;
    },
  };
}
