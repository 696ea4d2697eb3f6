import type { Schemas } from 'api/contract';

// The form's values (api.ts names the same type; importing it from there would make a cycle).
type ReflectionInput = Schemas['ReflectionInput'];

/**
 * A reflection's form kept in this browser while it is being written (docs/composition.md, "Session end
 * without loss"): per account, audience and reflection, so that leaving, reloading or a lost session does not
 * lose it. It expires before the server sweeps the editor pictures it shows and no saved reflection
 * uses (EDITOR_IMAGE_GRACE_HOURS, told by each upload as `keptUnusedUntil`), so that a restored
 * draft never points at a deleted picture.
 */
export interface Draft {
  values: ReflectionInput;
  /** When the draft was first kept, and last written (ISO). */
  createdAt: string;
  savedAt: string;
  /** The uploaded pictures it shows, with until when the server keeps each while unused. */
  pictures: Record<string, string>;
}

/** How long typing pauses before the draft is written. */
export const DRAFT_WRITE_AFTER_MS = 400;

/** A draft without uploaded pictures is kept this long. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 3_600_000;
/** A draft expires this long before the first of its pictures may be swept. */
const PICTURE_MARGIN_MS = 10 * 60_000;

/** Pictures uploaded from this page: until when the server keeps each unused. */
const uploadedPictures = new Map<string, string>();
export function rememberUploadedPicture(url: string, keptUnusedUntil: string): void {
  uploadedPictures.set(url, keptUnusedUntil);
}

export const draftKey = (userId: string, audience: string, reflectionId: string | undefined) =>
  `reflection-draft:${userId}:${audience}:${reflectionId ?? 'new'}`;

export function draftExpiry(draft: Draft): number {
  const deadlines = Object.values(draft.pictures).map((until) => Date.parse(until) - PICTURE_MARGIN_MS);
  return Math.min(Date.parse(draft.createdAt) + DRAFT_LIFETIME_MS, ...deadlines);
}

const isDraft = (value: unknown): value is Draft => {
  const draft = value as Partial<Draft> | null;
  return Boolean(
    draft &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    typeof draft.createdAt === 'string' &&
    typeof draft.savedAt === 'string' &&
    typeof draft.pictures === 'object' &&
    draft.pictures !== null,
  );
};

/** The kept draft, or null when there is none, it cannot be read, or it has expired (then it is dropped). */
export function readDraft(key: string, now = Date.now()): Draft | null {
  let draft: unknown;
  try {
    draft = JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    draft = null;
  }
  if (!isDraft(draft) || !(draftExpiry(draft) > now)) {
    localStorage.removeItem(key);
    return null;
  }
  return draft;
}

const pictureUrls = (values: ReflectionInput) =>
  [values.reflection, values.devotionalContent, values.devotionalConfession].flatMap((html) =>
    [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')),
  );

/** Keeps `values`, carrying over when the draft began and what is known of its pictures. */
export function writeDraft(key: string, values: ReflectionInput, previous: Draft | null, now = Date.now()): Draft {
  const pictures: Record<string, string> = {};
  for (const url of pictureUrls(values)) {
    const until = uploadedPictures.get(url) ?? previous?.pictures[url];
    if (until) pictures[url] = until;
  }
  const draft: Draft = {
    values,
    createdAt: previous?.createdAt ?? new Date(now).toISOString(),
    savedAt: new Date(now).toISOString(),
    pictures,
  };
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage keeps no draft; the form itself is unaffected.
  }
  return draft;
}

export const removeDraft = (key: string) => localStorage.removeItem(key);
