import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, financeAccount } from '../auth/guard';
import { isId } from '../db/ids';
import { badRequest, notFound } from '../http/errors';
import { JsonRepresentation, PublicListCache, sendRepresentation } from '../http/public-cache';
import { addSchemas, ref } from '../http/contract';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm, replaceableFile } from '../uploads/form';
import { publicOrigin } from '../uploads/store';
import {
  addDonation,
  deleteDonation,
  DONATION_MESSAGES,
  DONATIONS_LIST,
  findDonation,
  listDonations,
  toApi,
  updateDonation,
} from './repository';
import { Donation, DonationFields } from './schemas';

const DONATION_FORM = { fields: DonationFields, files: { file: { kind: 'any', words: 'The file' } } } as const;

const DonationAnswer = Type.Object({ message: Type.String(), data: ref(Donation) });

/** The file, as the OpenAPI document shows it (withForm receives it). */
const fileDocs = (onEdit: boolean) => ({
  file: onEdit
    ? replaceableFile("A new file of any type, or the donation's current file URL; absent keeps the file")
    : Type.String({ format: 'binary', description: 'A file of any type' }),
});

const UserParams = Type.Object({ userId: Type.String({ description: "The administrator's _id" }) });
const DonationParams = Type.Object({
  userId: Type.String({ description: "The administrator's _id" }),
  id: Type.String(),
});

export async function donationRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db, uploads } = app;
  addSchemas(app, Donation, DonationFields);

  const list = new PublicListCache({
    db,
    name: DONATIONS_LIST,
    checkEveryMs: config.listCacheCheckMs,
    build: async () => {
      const origin = publicOrigin(app);
      return {
        message: 'Donations fetched successfully',
        data: (await listDonations(db)).map((row) => toApi(row, origin)),
      };
    },
  });

  app.get(
    '/all/donations',
    {
      compress: false,
      schema: {
        tags: ['donations'],
        summary: 'All donations, newest first (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        response: { 200: Type.Object({ message: Type.String(), data: Type.Array(ref(Donation)) }) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await list.get()),
  );

  app.get(
    '/single/donation/:id',
    {
      compress: false,
      schema: {
        tags: ['donations'],
        summary: 'One donation (public)',
        description: 'Answers carry a strong ETag and honour If-None-Match (304).',
        params: Type.Object({ id: Type.String() }),
        response: { 200: DonationAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = isId(id) ? await findDonation(db, id) : undefined;
      if (!row) throw notFound(DONATION_MESSAGES.notFound);
      const answer = { message: 'Donation fetched successfully', data: toApi(row, publicOrigin(app)) };
      return sendRepresentation(request, reply, new JsonRepresentation(answer));
    },
  );

  // The upload routes get the multipart parser in a scope of their own.
  await app.register(async (scope) => {
    await registerUploads(scope);
    const writes = scope.withTypeProvider<TypeBoxTypeProvider>();

    writes.post(
      '/add/donation/:userId',
      {
        onRequest: financeAccount,
        config: multipartRoute(DONATION_FORM, fileDocs(false)),
        schema: {
          tags: ['donations'],
          summary: 'Add a donation (multipart: donationName, donationDescription, file of any type)',
          security: bearerSecurity,
          params: UserParams,
          response: { 201: DonationAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(app);
        return withForm(request, DONATION_FORM, async (form) => {
          const file = form.files.file;
          if (file === undefined) throw badRequest('The file is required');
          if (typeof file === 'string') throw badRequest('The file must be a file, not text');
          const row = await addDonation(db, uploads, form.fields, file);
          list.invalidate();
          return reply.code(201).send({ message: 'Donation added successfully', data: toApi(row, origin) });
        });
      },
    );

    writes.post(
      '/edit/donation/:userId/:id',
      {
        onRequest: financeAccount,
        config: multipartRoute(DONATION_FORM, fileDocs(true)),
        schema: {
          tags: ['donations'],
          summary: 'Edit a donation (multipart, same fields; file optional, of any type)',
          security: bearerSecurity,
          params: DonationParams,
          response: { 200: DonationAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const origin = publicOrigin(app);
        // An unknown donation is answered before its upload is stored anywhere.
        if (!isId(id) || !(await findDonation(db, id))) throw notFound(DONATION_MESSAGES.notFound);
        return withForm(request, DONATION_FORM, async (form) => {
          const row = await updateDonation(db, uploads, id, form.fields, form.files.file);
          list.invalidate();
          return { message: 'Donation updated successfully', data: toApi(row, origin) };
        });
      },
    );
  });

  app.delete(
    '/donation/:userId/:id',
    {
      onRequest: financeAccount,
      schema: {
        tags: ['donations'],
        summary: 'Delete a donation and its file',
        security: bearerSecurity,
        params: DonationParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await deleteDonation(db, uploads, id))) throw notFound(DONATION_MESSAGES.notFound);
      list.invalidate();
      return { message: 'Donation deleted successfully' };
    },
  );
}
