import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { Type, TypeGuard, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { withNormalisedLinks, type Named } from '../http/contract';
import { badRequest, HttpError, NOT_MULTIPART, validationMessage } from '../http/errors';
import { detectAnyFile, detectImage, SNIFF_BYTES, type DetectedType } from './detect';
import { UploadStore, type ReceivedFile } from './store';

// Multipart forms: text fields plus declared file fields, received against a declaration such as
//   { fields: BookFields, files: { bookImage: { kind: 'image' } } }
// where BookFields is the contract's Input schema of the text fields (http/contract.ts): they are
// trimmed and validated by the route's own validator, exactly as a JSON body would be.
// Files stream to a temp file while their size is counted and their first bytes identify them, so
// an oversized or disguised file is refused while it arrives and never reaches the uploads folder.

/** 'image': JPEG, PNG, GIF or WebP by content, at most UPLOAD_MAX_IMAGE_BYTES. 'any': any content, at most UPLOAD_MAX_FILE_BYTES. */
export type FileKind = 'image' | 'any';

/** The text fields of a form: an Input schema registered in the route's scope, or null for none. */
type FieldsSchema = Named<TObject> | null;

export interface FormDeclaration<S extends FieldsSchema = FieldsSchema, P extends string = string> {
  /** The text fields (an Input schema, registered in the route's scope with addSchemas), or null. */
  fields: S;
  /** Each file field: what it accepts, and its name in words for the messages ('The cover'). */
  files: { readonly [K in P]: { kind: FileKind; words: string } };
}

export interface ReceivedForm<S extends FieldsSchema = FieldsSchema, P extends string = string> {
  /** The text fields, trimmed and valid against the declaration's schema. */
  fields: S extends Named<TObject> ? Static<S> : Record<string, never>;
  /**
   * Per file field: the received file, or a text value (on edit, the record's current URL), or
   * absent (not sent, an empty file input, or blank text).
   */
  files: Partial<Record<P, ReceivedFile | string>>;
}

export { NOT_MULTIPART };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by multipartRoute(): the route reads a multipart form (used for the wording of a 415). */
    multipart?: boolean;
    /** Set by multipartRoute(): the form's files, so that a declared size past their limits is refused at once. */
    multipartFiles?: { kind: FileKind; words: string }[];
  }
}

/** A file field sent as text on edit names the record's current file: an address, at most this long. */
export const CURRENT_FILE_URL_MAX = 2000;

/**
 * An edit form's file field as the OpenAPI document shows it: a new file, or the record's current
 * file's URL (kept, as when absent).
 */
export const replaceableFile = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ format: 'binary' }), Type.String({ format: 'uri', maxLength: CURRENT_FILE_URL_MAX })], {
      description,
    }),
  );

/** The parser's own limits; file sizes are checked per field by receiveForm. */
const LIMITS = {
  fieldNameSize: 100,
  /** Bytes per text field: far above any text limit, so a cut value is refused, never stored. */
  fieldSize: 64 * 1024,
  fields: 30,
  parts: 40,
  headerPairs: 50,
};

/**
 * Makes multipart forms readable in this plugin scope (register it inside the scope of the routes
 * that take uploads, so that other routes carry none of its hooks).
 */
export async function registerUploads(scope: FastifyInstance): Promise<void> {
  // The size limit is applied per field below; the parser only stops at the largest one.
  await scope.register(fastifyMultipart, { throwFileSizeLimit: false, limits: LIMITS });
  // A form whose declared length is past what it may carry is refused before a byte of it is read.
  scope.addHook('onRequest', async (request) => {
    const files = request.routeOptions.config.multipartFiles;
    const declared = Number(request.headers['content-length']);
    if (!files || !Number.isFinite(declared)) return;
    const limits = files.map(({ kind }) => fileLimit(request.server.config, kind));
    if (declared <= limits.reduce((sum, limit) => sum + limit, FORM_TEXT_BYTES)) return;
    throw new HttpError(
      413,
      files.length === 1
        ? messages.tooLarge(files[0]!.words, limits[0]!)
        : `The form is too large (at most ${formatBytes(Math.max(...limits))} a file)`,
    );
  });
}

/** Room for a form's text fields and multipart framing beside its files. */
const FORM_TEXT_BYTES = 1024 * 1024;

function fileLimit(config: FastifyInstance['config'], kind: FileKind): number {
  return kind === 'image' ? config.uploadMaxImageBytes : config.uploadMaxFileBytes;
}

/**
 * Route config for a multipart route: documents the form in the OpenAPI document as its text
 * fields' schema plus a schema per file field (the route declares no body schema: withForm reads
 * the form and validates its text fields against the same schema).
 */
export function multipartRoute<P extends string>(
  declaration: FormDeclaration<FieldsSchema, P>,
  fileDocs: { [K in P]: TSchema },
) {
  const form = {
    type: 'object',
    additionalProperties: false,
    properties: { ...declaration.fields?.properties, ...fileDocs },
    required: [...(declaration.fields?.required ?? []), ...requiredFiles(fileDocs)],
  };
  return {
    multipart: true,
    multipartFiles: Object.values<{ kind: FileKind; words: string }>(declaration.files),
    swaggerTransform: ({ schema, url }: { schema: unknown; url: string }) => ({
      schema: { ...(schema as object), consumes: ['multipart/form-data'], body: form },
      url,
    }),
  };
}

/** File fields documented as required (TypeBox marks optional ones). */
function requiredFiles(fileDocs: Record<string, TSchema>): string[] {
  return Object.keys(fileDocs).filter((name) => !TypeGuard.IsOptional(fileDocs[name]));
}

/** "5 MB", "2 KB", "300 bytes" (1 MB = 1024 × 1024 bytes). */
export function formatBytes(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const messages = {
  tooLarge: (words: string, limit: number) => `${words} is too large (at most ${formatBytes(limit)})`,
  notAnImage: (words: string) => `${words} must be a JPEG, PNG, GIF or WebP picture`,
};

/**
 * Reads the request's form, hands it to `handle`, and afterwards discards every received file that
 * `handle` did not move into place (UploadStore.commit). Errors answer `{ message }`: 415 not
 * multipart or a refused file type, 413 a file too large, 400 anything else wrong with the form.
 */
export async function withForm<S extends FieldsSchema, P extends string, T>(
  request: FastifyRequest,
  declaration: FormDeclaration<S, P>,
  handle: (form: ReceivedForm<S, P>) => Promise<T>,
): Promise<T> {
  const received: ReceivedFile[] = [];
  try {
    const form = await receiveForm(request, declaration, received);
    return await handle(form);
  } finally {
    const discarded = received.filter((file) => !file.committed);
    await Promise.all(discarded.map((file) => fs.promises.rm(file.tempPath, { force: true })));
  }
}

/**
 * What the form said, the same for every sending of it (a multipart boundary is new each time): its
 * text fields and its files' contents, in the order of their names.
 */
function formDigest(fields: Record<string, string>, files: Record<string, ReceivedFile | string>): string {
  const said = [
    ...Object.entries(fields).map(([name, value]) => ['text', name, value]),
    ...Object.entries(files).map(([name, file]) =>
      typeof file === 'string' ? ['current file', name, file] : ['file', name, file.contentDigest ?? ''],
    ),
  ].sort((a, b) => (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(said)).digest('hex');
}

async function receiveForm<S extends FieldsSchema, P extends string>(
  request: FastifyRequest,
  declaration: FormDeclaration<S, P>,
  received: ReceivedFile[],
): Promise<ReceivedForm<S, P>> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  const { config, uploads } = request.server;
  const fileRules = declaration.files as Record<string, { kind: FileKind; words: string } | undefined>;
  const fileFields = Object.keys(fileRules);
  const limitOf = (kind: FileKind) => fileLimit(config, kind);
  const textFields = new Set(Object.keys(declaration.fields?.properties ?? {}));
  /** A field as the form labels it ('Title', 'The cover'); an unknown one keeps its name. */
  const wordsOf = (name: string): string => {
    if (declares(fileRules, name)) return fileRules[name]!.words;
    const title = (declaration.fields?.properties[name] as { title?: unknown } | undefined)?.title;
    return textFields.has(name) && typeof title === 'string' ? title : name;
  };

  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile | string> = {};
  const seen = new Set<string>();
  // The first problem is answered once the whole form has been read: answering while the client
  // is still sending would leave the rest of its upload unread on the connection.
  let failure: HttpError | undefined;

  const parts = request.parts({
    limits: {
      // One byte past the largest limit, so that receiveFile sees a file pass its limit as it arrives.
      fileSize: Math.max(0, ...fileFields.map((field) => limitOf(fileRules[field]!.kind))) + 1,
      // One more than declared, so that a repeated file field gets its own message below.
      files: fileFields.length + 1,
    },
  });
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parts.next();
      } catch (error) {
        throw formError(error);
      }
      if (step.done) break;
      const part = step.value;
      const name = part.fieldname;

      if (part.type === 'file') {
        const rule = declares(fileRules, name) ? fileRules[name] : undefined;
        if (failure || !rule || seen.has(name)) {
          if (!failure) {
            if (seen.has(name)) failure = badRequest(`Send only one file as ${wordsOf(name).toLowerCase()}`);
            else if (textFields.has(name)) failure = badRequest(`${wordsOf(name)} must be text, not a file`);
            else failure = badRequest(`${name} is not a file this request accepts (files: ${fileFields.join(', ')})`);
          }
          await discard(part);
          continue;
        }
        seen.add(name);
        const outcome = await receiveFile(part, rule, limitOf(rule.kind), uploads.tempDir);
        if (outcome instanceof HttpError) failure = outcome;
        else if (outcome) {
          received.push(outcome);
          files[name] = outcome;
        }
        continue;
      }

      // Unknown text fields are kept: the schema's validation refuses them by name.
      const isFileField = declares(fileRules, name);
      if (failure) continue;
      if (seen.has(name)) failure = badRequest(`${wordsOf(name)} was sent more than once`);
      else if (part.valueTruncated) failure = badRequest(`${wordsOf(name)} is too long`);
      else if (typeof part.value !== 'string') failure = badRequest(`${wordsOf(name)} must be text`);
      // A file field sent as text names the record's current file; left blank it is as if not sent.
      else if (isFileField) {
        if (part.value.length > CURRENT_FILE_URL_MAX) failure = badRequest(`${wordsOf(name)} is too long`);
        else if (part.value.trim()) files[name] = part.value;
      } else fields[name] = part.value;
      seen.add(name);
    }
  } catch (error) {
    // The parser gave up: whatever the client still sends is read and dropped, so that the answer
    // reaches it and the connection stays usable. Not so past a size limit: that answer closes the
    // connection rather than read the rest.
    const tooLarge = error instanceof HttpError && error.statusCode === 413;
    if (!tooLarge && !request.raw.readableEnded) request.raw.resume();
    throw error;
  }
  if (failure) throw failure;
  request.bodyDigest = formDigest(fields, files);
  return { fields: checkFields(request, declaration.fields, fields), files } as ReceivedForm<S, P>;
}

/** Validation functions of the forms' schemas, by schema (compiled once per route). */
const references = new WeakMap<Named, { $ref: string }>();

/** Trims the text fields and validates them as the route's body, with the route's own validator. */
function checkFields(request: FastifyRequest, schema: FieldsSchema, fields: Record<string, string>): unknown {
  if (!schema) {
    const unknown = Object.keys(fields)[0];
    if (unknown !== undefined) throw badRequest(`${unknown} is not a field this request accepts`);
    return {};
  }
  const trimmed = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()]));
  // The schema is registered in the route's scope, so it is validated through a reference to it.
  let reference = references.get(schema);
  if (!reference) references.set(schema, (reference = { $ref: schema.$id }));
  const validate = request.compileValidationSchema(reference, 'body');
  if (!validate(trimmed)) throw badRequest(validationMessage(validate.errors ?? [], 'body'));
  return withNormalisedLinks(schema, trimmed);
}

function declares(rules: Record<string, unknown>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(rules, name);
}

/** Reads a part to its end without keeping anything. */
async function discard(part: MultipartFile): Promise<void> {
  part.file.resume();
  try {
    await finished(part.file);
  } catch (error) {
    throw formError(error);
  }
}

/** A file being received is named so until its request ends (kept, or removed). */
const RECEIVING = '.part';

/**
 * Removes what requests cut short left half received in `tempDir`: once the server has closed, no
 * request is receiving any more (a stop cuts slow uploads after its grace).
 */
export async function removeHalfReceived(tempDir: string): Promise<void> {
  const names = await fs.promises.readdir(tempDir).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.endsWith(RECEIVING))
      .map((name) => fs.promises.rm(path.join(tempDir, name), { force: true })),
  );
}

/**
 * Streams one file to a temp file. Answers the received file, undefined for an empty file input
 * (no name, no bytes), or the HttpError that refuses it (the rest of the part is then read and
 * dropped). Errors of the disk are thrown (a 500: not the client's fault).
 */
async function receiveFile(
  part: MultipartFile,
  { kind, words }: { kind: FileKind; words: string },
  limit: number,
  tempDir: string,
): Promise<ReceivedFile | HttpError | undefined> {
  const field = part.fieldname;
  const tempPath = path.join(tempDir, `${randomBytes(12).toString('hex')}${RECEIVING}`);
  // The folder is made at start; made again if something (an operator, a sweep) removed it since.
  await fs.promises.mkdir(tempDir, { recursive: true });
  const out = fs.createWriteStream(tempPath, { flags: 'wx' });
  let writeError: Error | undefined;
  out.on('error', (error) => {
    writeError ??= error;
  });

  let size = 0;
  let head = Buffer.alloc(0);
  let refusal: HttpError | undefined;
  const digest = createHash('sha256');
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (refusal || writeError) continue;
      size += chunk.length;
      digest.update(chunk);
      // Past the limit the answer comes at once (closing the connection), not after the rest is read.
      if (size > limit) throw new HttpError(413, messages.tooLarge(words, limit));
      if (head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (kind === 'image' && head.length >= SNIFF_BYTES && !detectImage(head)) {
          refusal = new HttpError(415, messages.notAnImage(words));
          continue;
        }
      }
      if (!out.write(chunk) && !out.destroyed) await waitForDrain(out);
    }
  } catch (error) {
    await closeAndRemove(out, tempPath);
    throw formError(error);
  }
  // The parser stops passing data at the largest declared limit and marks the part as cut.
  if (!refusal && part.file.truncated) refusal = new HttpError(413, messages.tooLarge(words, limit));

  out.end();
  await finished(out).catch((error: Error) => {
    writeError ??= error;
  });
  if (writeError || refusal || (size === 0 && !part.filename)) {
    await fs.promises.rm(tempPath, { force: true });
    if (writeError) throw writeError;
    return refusal;
  }

  let type: DetectedType | undefined;
  if (kind === 'image') type = detectImage(head);
  else type = detectAnyFile(head, part.filename);
  if (!type) {
    await fs.promises.rm(tempPath, { force: true });
    return new HttpError(415, messages.notAnImage(words));
  }
  return {
    field,
    name: UploadStore.newName(type.extension),
    tempPath,
    size,
    contentDigest: digest.digest('hex'),
    mimeType: type.mimeType,
    isImage: type.isImage,
    originalName: part.filename,
  };
}

/** Resolves when the file stream can take more, or can take nothing any more. */
function waitForDrain(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done).off('error', done).off('close', done);
      resolve();
    };
    out.on('drain', done).on('error', done).on('close', done);
  });
}

async function closeAndRemove(out: fs.WriteStream, tempPath: string): Promise<void> {
  out.destroy();
  await finished(out).catch(() => undefined);
  await fs.promises.rm(tempPath, { force: true });
}

/** The parser's errors in words for the administrator; anything else is passed on unchanged. */
export function formError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badRequest('The form carries more files than this request accepts');
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields');
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'The form has too many parts');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The form has a field with a name that is not allowed');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A form field sent as JSON is not valid JSON');
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
    case 'ECONNABORTED':
      return badRequest('The upload was interrupted before it was complete');
  }
  // Busboy's own errors ("Unexpected end of form", "Multipart: Boundary not found", …) carry no
  // code; file-system errors do (ENOSPC, EACCES …) and stay server errors. (No instanceof Error
  // here: an error made in another realm, as under jest, is still an error.)
  if (typeof code !== 'string') return badRequest('The request body is not valid multipart/form-data');
  return error as Error;
}
