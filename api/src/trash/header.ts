// How a delete's answer names the trash entry that holds what it deleted, so that the client can undo it.

/** The response header of every delete that moves records to the trash: the entry's id. */
export const TRASH_ENTRY_HEADER = 'Trash-Entry';

/** The deletes' documentation of the header. */
export const TRASH_ENTRY_DESCRIPTION =
  'What it deletes goes to the trash (TRASH_KEEP_DAYS): the answer carries the header `Trash-Entry: <id>`, ' +
  'and POST /api/v1/trash/{id}/restore puts it back (Undo).';
