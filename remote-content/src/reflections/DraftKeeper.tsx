import { useFormikContext } from 'formik';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, formatDateTime, Notice } from 'shared';
import type { ReflectionInput } from './api';
import { DRAFT_WRITE_AFTER_MS as WRITE_AFTER_MS, readDraft, removeDraft, writeDraft, type Draft } from './draft';

const sameValues = (a: ReflectionInput, b: ReflectionInput) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Inside a reflection's Formik: keeps what is typed as a local draft under `storageKey`, and offers a
 * draft kept earlier — 'Restore draft' or 'Discard' — when the form opens. Nothing is written once
 * `saved` is set (the save succeeded; the form clears the draft).
 */
export function DraftKeeper({ storageKey, saved }: { storageKey: string; saved: RefObject<boolean> }) {
  const { values, dirty, initialValues, setValues } = useFormikContext<ReflectionInput>();
  const [offer, setOffer] = useState<Draft | null>(() => {
    const kept = readDraft(storageKey);
    return kept && !sameValues(kept.values, initialValues) ? kept : null;
  });
  // The draft this form writes on: the one restored, else none (a new one begins with the first change).
  const current = useRef<Draft | null>(null);

  useEffect(() => {
    // Until the administrator chooses, the kept draft stays as it is.
    if (offer || saved.current) return;
    const timer = setTimeout(() => {
      if (saved.current) return;
      if (dirty) current.current = writeDraft(storageKey, values, current.current);
      else if (current.current) {
        removeDraft(storageKey);
        current.current = null;
      }
    }, WRITE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, offer, storageKey, saved]);

  if (!offer) return null;
  return (
    <Notice as="section" aria-label="Unsaved draft">
      <p>{`An unsaved draft of this reflection from ${formatDateTime(offer.savedAt)} is kept in this browser.`}</p>
      <Button
        onClick={() => {
          current.current = offer;
          setOffer(null);
          void setValues(offer.values);
        }}
      >
        Restore draft
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          removeDraft(storageKey);
          setOffer(null);
        }}
      >
        Discard
      </Button>
    </Notice>
  );
}
