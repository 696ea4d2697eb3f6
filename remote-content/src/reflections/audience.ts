import { useMemo } from 'react';
import { recordKindOf, sendingCalls, type RecordKind, type Resource } from 'shared/data';
import { reflections, reflectionsApi, type Audience, type Reflection, type ReflectionInput } from './api';

/** Everything that differs between the adult and the children screens (one implementation, two audiences). */
export interface AudienceScreens {
  audience: Audience;
  /** 'Adult' or 'Children', as in the menu. */
  label: string;
  listPath: string;
  addPath: string;
  detailsPath: (date: string) => string;
  editPath: (id: string) => string;
  api: ReturnType<typeof reflectionsApi>;
  /** The query keys of this audience's reflections. */
  resource: Resource;
  /** A reflection of this audience as its screens show it: loaded by date, its toasts and back links. */
  kind: RecordKind<Reflection, ReflectionInput>;
}

export function audienceScreens(audience: Audience): AudienceScreens {
  const label = audience === 'adult' ? 'Adult' : 'Children';
  const listPath = `/${audience}-reflection`;
  const detailsPath = (date: string) => `/${audience}-reflection/${encodeURIComponent(date)}`;
  const editPath = (id: string) => `/${audience}-reflection/edit/${encodeURIComponent(id)}`;
  const api = reflectionsApi(audience);
  const resource = reflections[audience];
  const kind = recordKindOf<Reflection, ReflectionInput>({
    noun: 'Reflection',
    resource,
    calls: { get: api.get, ...sendingCalls(trimmed, api) },
    list: listPath,
    // Its details are found by date; an edit that moves it goes back to the new date.
    details: detailsPath,
    key: (reflection) => reflection.date,
    edit: editPath,
    missing: { notFound: 'Reflection details not found.', backLabel: `Back to ${label} Reflection` },
    buttons: { edit: 'Edit', delete: 'Delete' },
  });
  return {
    audience,
    label,
    listPath,
    addPath: `/add-${audience}-reflection`,
    detailsPath,
    editPath,
    api,
    resource,
    kind,
  };
}

/** What the server is sent: the plain texts trimmed (the rich texts are HTML, kept as written). */
const trimmed = (values: ReflectionInput): ReflectionInput => ({
  ...values,
  date: values.date.trim(),
  topic: values.topic.trim(),
  bibleReading: values.bibleReading.trim(),
  furtherReading: values.furtherReading.trim(),
  mass: values.mass.trim(),
});

export function useAudience(audience: Audience): AudienceScreens {
  return useMemo(() => audienceScreens(audience), [audience]);
}
