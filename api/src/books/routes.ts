import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile } from '../uploads/form';
import { publicOrigin } from '../uploads/store';
import { addBook, BOOK_MESSAGES, BOOKS_LIST, deleteBook, findBook, listBooks, toApi, updateBook } from './repository';
import { Book, BookFields } from './schemas';

const BOOK_FORM = { fields: BookFields, files: { bookImage: { kind: 'image', words: 'The cover' } } } as const;

const BookAnswer = Type.Object({ message: Type.String(), data: ref(Book) });

/** The cover, as the OpenAPI document shows it (withForm receives it). */
const coverDocs = (onEdit: boolean) => ({
  bookImage: onEdit
    ? replaceableFile("A new JPEG, PNG, GIF or WebP image, or the book's current image URL; absent keeps the image")
    : Type.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP image (by content)' }),
});

const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const BookParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  bookId: Type.String(),
});

export async function bookRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = app;
  addSchemas(app, Book, BookFields);

  // The public list is served from memory until a book changes (see http/public-cache.ts).
  const list = new PublicListCache({
    db,
    name: BOOKS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async () => {
      const origin = publicOrigin(app);
      return {
        message: 'Books fetched successfully',
        data: (await listBooks(db)).map((row) => toApi(row, origin)),
      };
    },
  });

  for (const url of ['/all/books/', '/all/books']) {
    app.get(
      url,
      {
        compress: false,
        schema: {
          hide: url === '/all/books',
          tags: ['books'],
          summary: 'All books, newest first (public; also without the trailing slash)',
          description: 'Answers carry a strong ETag and honour If-None-Match (304).',
          response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Book)) }) },
        },
      },
      async (request, reply) => sendRepresentation(request, reply, await list.get()),
    );
  }

  app.get(
    '/single/book/:id',
    {
      compress: false,
      schema: {
        tags: ['books'],
        summary: 'One book (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        params: Type.Object({ id: Type.String() }),
        response: { 200: BookAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = isId(id) ? await findBook(db, id) : undefined;
      if (!row) throw notFound(BOOK_MESSAGES.notFound);
      const answer = { message: 'Book fetched successfully', data: toApi(row, publicOrigin(app)) };
      return sendRepresentation(request, reply, new JsonRepresentation(answer));
    },
  );

  // The upload routes get the multipart parser in a scope of their own.
  await app.register(async (scope) => {
    await registerUploads(scope);
    const writes = scope.withTypeProvider<TypeBoxTypeProvider>();

    writes.post(
      '/add/book/:userId',
      {
        onRequest: ownAccount,
        config: multipartRoute(BOOK_FORM, coverDocs(false)),
        schema: {
          tags: ['books'],
          summary: 'Add a book (multipart: bookName, bookLink, category, bookImage)',
          security: bearerSecurity,
          params: UserParams,
          response: { 201: BookAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        // Worked out first: nothing may fail after the book is written.
        const origin = publicOrigin(app);
        return withForm(request, BOOK_FORM, async (form) => {
          const image = form.files.bookImage;
          if (image === undefined) throw badRequest('The cover is required');
          if (typeof image === 'string') throw badRequest('The cover must be a picture file');
          const row = await addBook(db, uploads, form.fields, image);
          list.invalidate();
          return reply.code(201).send({ message: 'Book added successfully', data: toApi(row, origin) });
        });
      },
    );

    writes.post(
      '/edit/book/:userId/:bookId',
      {
        onRequest: ownAccount,
        config: multipartRoute(BOOK_FORM, coverDocs(true)),
        schema: {
          tags: ['books'],
          summary: 'Edit a book (multipart, same fields; bookImage optional)',
          security: bearerSecurity,
          params: BookParams,
          response: { 200: BookAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const { bookId } = request.params;
        const origin = publicOrigin(app);
        // An unknown book is answered before its upload is stored anywhere.
        if (!isId(bookId) || !(await findBook(db, bookId))) throw notFound(BOOK_MESSAGES.notFound);
        return withForm(request, BOOK_FORM, async (form) => {
          const row = await updateBook(db, uploads, bookId, form.fields, form.files.bookImage);
          list.invalidate();
          return { message: 'Book updated successfully', data: toApi(row, origin) };
        });
      },
    );
  });

  app.delete(
    '/book/:userId/:bookId',
    {
      onRequest: ownAccount,
      schema: {
        tags: ['books'],
        summary: 'Delete a book and its cover',
        security: bearerSecurity,
        params: BookParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { bookId } = request.params;
      if (!isId(bookId) || !(await deleteBook(db, uploads, bookId))) throw notFound(BOOK_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Book deleted successfully' };
    },
  );
}
