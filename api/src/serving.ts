import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { sendNotFound } from './http/errors';
import { registerReleaseServing } from './releases/serving';
import { isInTrash } from './trash/store';
import { registerUploadServing } from './uploads/serving';

/**
 * Production serving from the same origin as the API (see ARCHITECTURE "The whole, at one origin"):
 * the shell from its live release with the SPA fallback, the remotes' releases, and the uploads but
 * those of records in the trash.
 */
export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  await registerReleaseServing(app, config);
  await registerUploadServing(app, config.uploadsDir, isInTrash);
  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
}
