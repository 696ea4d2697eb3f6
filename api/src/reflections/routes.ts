import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bearerSecurity, ownAccount } from '../auth/guard';
import { badRequest } from '../http/errors';
import { UserParams } from '../auth/account-routes';
import { errorResponses } from '../http/validation';
import { multipartRoute, registerUploads, withForm } from '../uploads/form';
import { publicOrigin, uploadUrl } from '../uploads/store';
import { addEditorImage } from './repository';

/** The rich-text editor's image upload: one image, no text fields. */
const EDITOR_IMAGE_FORM = { fields: null, files: { image: { kind: 'image', words: 'The image' } } } as const;

/** The editor's image upload, beside the calls the reflections' definitions give them (resource.ts). */
export async function editorImageRoute(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { db, uploads } = app;

  // Beyond the spec: images inserted in the rich-text editor are uploaded as files, not base64.
  await app.register(async (scope) => {
    await registerUploads(scope);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/upload/reflection/image/:userId',
      {
        onRequest: ownAccount,
        config: {
          ...multipartRoute(EDITOR_IMAGE_FORM, {
            image: Type.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP image' }),
          }),
          activity: { kind: 'reflection image' },
        },
        schema: {
          tags: ['reflections'],
          summary: 'Upload an image for the rich-text editor (multipart: image); answers its URL',
          description:
            'The image is deleted once no reflection shows it any more (after an edit or a delete). An image no ' +
            'saved reflection uses is deleted after EDITOR_IMAGE_GRACE_HOURS: keptUnusedUntil says when, so that ' +
            'a draft kept in the browser expires before the pictures it shows.',
          security: bearerSecurity,
          params: UserParams,
          response: {
            201: Type.Object({
              message: Type.String(),
              data: Type.Object({
                url: Type.String({ format: 'uri' }),
                keptUnusedUntil: Type.String({
                  format: 'date-time',
                  description: 'Until when the image is kept while no saved reflection shows it',
                }),
              }),
            }),
            ...errorResponses(400, 401, 403, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(app);
        return withForm(request, EDITOR_IMAGE_FORM, async (form) => {
          const image = form.files.image;
          if (image === undefined) throw badRequest('The image is required');
          if (typeof image === 'string') throw badRequest('The image must be a picture file');
          const uploadedAt = Date.now();
          await addEditorImage(db, uploads, image);
          const keptUnusedUntil = new Date(uploadedAt + app.config.editorImageGraceHours * 3_600_000).toISOString();
          return reply.code(201).send({
            message: 'Image uploaded successfully',
            data: { url: uploadUrl(origin, image.name), keptUnusedUntil },
          });
        });
      },
    );
  });
}
