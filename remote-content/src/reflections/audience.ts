import { useMemo } from 'react';
import type { Resource } from 'shared/data';
import { reflections, reflectionsApi, type Audience } from './api';

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
}

export function audienceScreens(audience: Audience): AudienceScreens {
  return {
    audience,
    label: audience === 'adult' ? 'Adult' : 'Children',
    listPath: `/${audience}-reflection`,
    addPath: `/add-${audience}-reflection`,
    detailsPath: (date) => `/${audience}-reflection/${encodeURIComponent(date)}`,
    editPath: (id) => `/${audience}-reflection/edit/${encodeURIComponent(id)}`,
    api: reflectionsApi(audience),
    resource: reflections[audience],
  };
}

export function useAudience(audience: Audience): AudienceScreens {
  return useMemo(() => audienceScreens(audience), [audience]);
}
