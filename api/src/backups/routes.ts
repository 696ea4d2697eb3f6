import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { proveAgain } from '../auth/prove-again';
import { ArchiveRefused, sizeInWords } from '../http/archives';
import { closeAfterAnswer } from '../http/connections';
import { addSchemas, ref } from '../http/contract';
import { badRequest, HttpError, NOT_MULTIPART } from '../http/errors';
import { errorResponses } from '../http/validation';
import { formError, multipartRoute } from '../uploads/form';
import type { BackupManifest } from './archive';
import { archiveRefusal, backupArchiveLimits } from './restore';
import { readSchedule, saveSchedule } from './schedule';
import { Backup, BackupMaking, Backups, BackupSchedule, BackupScheduleInput, RestoreProof } from './schemas';
import { parishTimeZone } from '../parish/settings';

export const RESTORE_MESSAGES = {
  wrongPassword: 'The password is not right: nothing was restored.',
  codeNeeded: 'Your two-factor sign-in is on: type a code of your authenticator app too. Nothing was restored.',
  wrongCode: 'The code is not right (or was used already): nothing was restored.',
  noArchive: 'Choose the backup archive to restore (a .tar.gz file).',
  restored: (at: string) =>
    `Restored the backup of ${at}. Everyone is signed out: sign in again, with the password of that moment.`,
} as const;

const NameParams = Type.Object({ name: Type.String({ maxLength: 200 }) });

/**
 * Settings → Backups, for the Admins (docs/backups.md): the list of BACKUP_DIR, a backup now (answered
 * at once; its progress is in the list), the download, the delete, and a restore of one of the list or
 * of an uploaded archive after the Admin's password (and code) again.
 */
export async function backupRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  addSchemas(app, Backup, BackupMaking, Backups, RestoreProof, BackupSchedule, BackupScheduleInput);
  // An archive is as large as the parish's data: no limit of the upload forms applies.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const onRequest = [requireAdmin, allowedTo('team')];
  const tags = ['backups'];

  app.get(
    '/backups',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The backups in BACKUP_DIR, newest first, and the one being made now',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(Backups) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      message: 'Backups fetched successfully',
      data: { backups: await app.backups.list(), making: app.backups.now ?? null },
    }),
  );

  app.post(
    '/backups',
    {
      config: { replayable: false, activity: { kind: 'backup', says: () => 'Started a backup' } },
      onRequest,
      schema: {
        tags,
        summary: 'Start a backup now: answered at once, its progress is in the list (409 while one is made)',
        security: bearerSecurity,
        response: {
          202: Type.Object({ message: Type.String(), data: ref(BackupMaking) }),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { making, done } = app.backups.start(admin.name || admin.email);
      // Its failure is logged (service.ts) and shows as the list without it.
      done.catch(() => undefined);
      return reply.code(202).send({ message: 'The backup is being made', data: making });
    },
  );

  const scheduleOf = async () => ({ ...(await readSchedule(app.db)), timeZone: await parishTimeZone(app.db) });

  app.get(
    '/backups/schedule',
    {
      onRequest,
      schema: {
        tags,
        summary: "The daily backup's time and how many it keeps, and its last failure until a backup succeeds",
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(BackupSchedule) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ message: 'Backup schedule fetched successfully', data: await scheduleOf() }),
  );

  app.put(
    '/backups/schedule',
    {
      config: {
        activity: {
          kind: 'backup',
          says: ({ body }) => {
            const { at, keep } = body as BackupScheduleInput;
            return at ? `Set the daily backup to ${at}, keeping the latest ${keep}` : 'Turned the daily backup off';
          },
        },
      },
      onRequest,
      schema: {
        tags,
        summary: "Set the daily backup's time (or off) and how many of the latest it keeps",
        security: bearerSecurity,
        body: ref(BackupScheduleInput),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(BackupSchedule) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      await saveSchedule(app.db, request.body);
      return {
        message: request.body.at ? `The daily backup is at ${request.body.at}` : 'The daily backup is off',
        data: await scheduleOf(),
      };
    },
  );

  app.get(
    '/backups/:name/download',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Download a backup archive',
        security: bearerSecurity,
        params: NameParams,
        response: {
          200: {
            description: 'The archive (.tar.gz)',
            content: { 'application/gzip': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = app.backups.fileOf(name);
      return (
        reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('content-length', fs.statSync(file).size)
          .header('cache-control', 'no-store')
          // Streamed: the contract's type is the file's bytes.
          .send(fs.createReadStream(file) as never)
      );
    },
  );

  app.delete(
    '/backups/:name',
    {
      config: { activity: { kind: 'backup' } },
      onRequest,
      schema: {
        tags,
        summary: 'Delete a backup archive',
        security: bearerSecurity,
        params: NameParams,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { name } = request.params;
      app.backups.remove(name);
      request.recordName = name;
      return { message: 'Backup deleted' };
    },
  );

  const restored = (manifest: BackupManifest, name: string) => ({
    message: RESTORE_MESSAGES.restored(manifest.createdAt),
    data: { name, createdAt: manifest.createdAt, productVersion: manifest.productVersion },
  });
  const Restored = Type.Object({
    message: Type.String(),
    data: Type.Object({ name: Type.String(), createdAt: Type.String(), productVersion: Type.String() }),
  });
  const says = ({ named }: { named: string }) => `Restored the backup${named}; everyone was signed out`;

  app.post(
    '/backups/:name/restore',
    {
      config: { replayable: false, activity: { kind: 'backup', says } },
      onRequest,
      schema: {
        tags,
        summary: 'Restore a backup of the list (the password again, and a code where two-factor sign-in is on)',
        description:
          'Every other call answers 503 while it runs (on PostgreSQL, on every instance of the database); then every session ends. 409 while a backup is made or restored.',
        security: bearerSecurity,
        params: NameParams,
        body: ref(RestoreProof),
        response: { 200: Restored, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = app.backups.fileOf(name);
      await proveAgain(request, reply, request.body, RESTORE_MESSAGES);
      request.recordName = name;
      return restored(await app.backups.restore(file), name);
    },
  );

  app.post(
    '/backups/restore',
    {
      config: {
        replayable: false,
        activity: { kind: 'backup', says },
        ...multipartRoute(
          { fields: RestoreProof, files: { archive: { kind: 'any', words: 'The archive' } } },
          { archive: Type.String({ format: 'binary', description: 'A backup archive (.tar.gz)' }) },
        ),
      },
      onRequest,
      schema: {
        tags,
        summary: 'Restore an uploaded backup archive (a parish moving to a new machine), checked whole first',
        description:
          'Multipart: password, code (where two-factor sign-in is on), then archive. Every other call answers 503 while it runs (on PostgreSQL, on every instance of the database); then every session ends.',
        security: bearerSecurity,
        response: { 200: Restored, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
      const fields: Record<string, string> = {};
      const received = fs.mkdtempSync(path.join(app.config.dataDir, '.restore-upload-'));
      try {
        let archive: string | undefined;
        let archiveName = 'the uploaded archive';
        // A malformed form is refused in the parser's words, as every upload form's (uploads/form.ts).
        const parts = async function* () {
          try {
            yield* request.parts();
          } catch (error) {
            throw formError(error);
          }
        };
        for await (const part of parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string' && ['password', 'code'].includes(part.fieldname)) {
              fields[part.fieldname] = part.value;
            }
            continue;
          }
          if (part.fieldname !== 'archive' || archive) {
            part.file.resume();
            continue;
          }
          // The password before the archive: a wrong one is refused before gigabytes are received.
          await proveAgain(request, reply, fields, RESTORE_MESSAGES);
          archive = path.join(received, 'archive.tar.gz');
          archiveName = path.basename(part.filename || archiveName);
          // No more than it may unpack to (BACKUP_MAX_BYTES): the rest is not read, the connection closes.
          const limits = backupArchiveLimits(app.config);
          let bytes = 0;
          const counted = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              bytes += chunk.length;
              if (bytes <= limits.maxBytes) return next(null, chunk);
              next(
                new ArchiveRefused(
                  `${limits.words.one} holds at most ${sizeInWords(limits.maxBytes)} (${limits.words.maxBytesSetting})`,
                  413,
                ),
              );
            },
          });
          await pipeline(part.file, counted, fs.createWriteStream(archive, { mode: 0o600 })).catch((error: unknown) => {
            if (!(error instanceof ArchiveRefused)) throw formError(error);
            closeAfterAnswer(request, reply);
            throw new HttpError(400, archiveRefusal(error).message);
          });
        }
        if (!archive) {
          if (!fields.password) throw badRequest(RESTORE_MESSAGES.wrongPassword);
          throw badRequest(RESTORE_MESSAGES.noArchive);
        }
        request.recordName = archiveName;
        return restored(await app.backups.restore(archive), archiveName);
      } finally {
        fs.rmSync(received, { recursive: true, force: true });
      }
    },
  );
}
