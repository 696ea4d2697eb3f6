// A delete that moved its records to the trash names the entry in its answer's `Trash-Entry` header;
// the answer's body remembers it here, so that whoever made the delete can offer its Undo.

const entries = new WeakMap<object, string>();

/** Called by callApi for each answer that names a trash entry. */
export function rememberTrashEntry(answer: unknown, entry: string): void {
  if (answer && typeof answer === 'object') entries.set(answer, entry);
}

/** The trash entry a delete's answer named, if any (none for an answer replayed by the server). */
export function trashEntryOf(answer: unknown): string | undefined {
  return answer && typeof answer === 'object' ? entries.get(answer) : undefined;
}
