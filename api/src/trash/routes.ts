import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { isId } from '../db/ids';
import { addSchemas, ref } from '../http/contract';
import { notFound } from '../http/errors';
import { errorResponses } from '../http/validation';
import { TrashEntry } from './schemas';
import { deleteFromTrash, emptyTrash, listTrash, restoreFromTrash, TRASH_MESSAGES } from './store';

const EntryParams = Type.Object({ id: Type.String({ description: 'The trash entry (the `Trash-Entry` header)' }) });
const tags = ['trash'];
const said = (data: unknown) => data as { kind?: string; title?: string; deleted?: number } | undefined;

/**
 * Settings → Trash: what the deletes moved there, restored (Undo) or deleted for good. An Admin's
 * every entry, a Manager's the content's (as they may delete it); a Guest User none.
 */
export async function trashRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db, uploads } = app;
  addSchemas(app, TrashEntry);
  const guard = [requireAdmin, allowedTo('content')];
  const entryId = (id: string) => {
    if (!isId(id)) throw notFound(TRASH_MESSAGES.notFound);
    return id;
  };

  app.get(
    '/trash',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The trash: what the deletes removed, the latest first (kept TRASH_KEEP_DAYS)',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(TrashEntry)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ message: 'Trash fetched successfully', data: await listTrash(db, request.admin!) }),
  );

  app.post(
    '/trash/:id/restore',
    {
      config: {
        activity: {
          kind: 'trash',
          says: ({ data }) => `Restored ${said(data)?.kind ?? 'a record'} “${said(data)?.title ?? ''}” from the trash`,
        },
      },
      onRequest: guard,
      schema: {
        tags,
        summary: 'Restore an entry: its records come back with their ids, dates and files (Undo)',
        description:
          '404 when the entry is no longer in the trash; 409 when a record added since has taken the place ' +
          'of one of its records (a unique day or date), and nothing is restored.',
        security: bearerSecurity,
        params: EntryParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(TrashEntry) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { message, ...data } = await restoreFromTrash(db, entryId(request.params.id), request.admin!);
      return { message, data };
    },
  );

  app.delete(
    '/trash/:id',
    {
      config: {
        activity: {
          kind: 'trash',
          says: ({ data }) => `Deleted ${said(data)?.kind ?? 'a record'} “${said(data)?.title ?? ''}” for good`,
        },
      },
      onRequest: guard,
      schema: {
        tags,
        summary: 'Delete an entry for good, with its files',
        security: bearerSecurity,
        params: EntryParams,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(TrashEntry) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({
      message: 'Deleted for good',
      data: await deleteFromTrash(db, uploads, app.referencedUploads, entryId(request.params.id), request.admin!),
    }),
  );

  app.delete(
    '/trash',
    {
      config: {
        activity: { kind: 'trash', says: ({ data }) => `Emptied the trash (${said(data)?.deleted ?? 0})` },
      },
      onRequest: guard,
      schema: {
        tags,
        summary: 'Empty the trash: every entry the member may see, with its files, for good',
        security: bearerSecurity,
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Object({ deleted: Type.Integer({ description: 'How many entries were deleted' }) }),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({
      message: 'Trash emptied',
      data: { deleted: await emptyTrash(db, uploads, app.referencedUploads, request.admin!) },
    }),
  );
}
