import type { TObject, TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { ActivityKind } from '../activity/record';
import type { Permission } from '../auth/permissions';
import type { Database } from '../db/schema';
import type { ExportColumn, ExportDefinition } from '../exports/definition';
import type { HistoryResource } from '../history/versions';
import type { Named } from '../http/contract';
import type { TrashedRow } from '../trash/store';
import type { FileKind } from '../uploads/form';
import type { StoredRow } from './row';

export type { StoredRow } from './row';

// A resource: a public list, an optional public record, and add, edit and delete for the
// administrators allowed to. Its fields come as a multipart form with one file (books, groups, live
// streams, donations) or, for a resource without a file, as a JSON body (bank accounts, prayers).
// Its definition says what differs; resources/routes.ts and resources/repository.ts do the rest the
// same way for each. A few hooks (`input`, `unique`, `only`, `shows`, and the routes' own options) take
// the special cases of the records the parish writes: docs/api.md "Adding a feature".

export interface ResourceFile<Row> {
  /** The form's file field, as the API names it ('bookImage'). */
  field: string;
  /** The column that keeps the stored file's name (never a URL). */
  column: keyof Row & string;
  /** 'image': JPEG, PNG, GIF or WebP by content, at the image size limit; 'any': any file, at the file limit. */
  kind: FileKind;
  /** The file in words, for the form's messages ('The cover') and the delete's summary ('… and its cover'). */
  words: string;
  /** The column set to 1 when the stored file is an image and 0 when not, if the resource keeps one. */
  imageFlag?: keyof Row & string;
  /** The OpenAPI document's description of the file on add, and on edit (a new file or the current URL). */
  onAdd: string;
  onEdit: string;
  /** The answer to an add without the file; absent, the file is optional. */
  required?: string;
  /** The answer to an add that sends the file field as text. */
  sentAsText: string;
  /** The answer to an edit that sends as the file a text other than the current file's URL. */
  foreign: string;
}

/** The answers' texts, as the spec words them for every resource. */
export interface ResourceMessages {
  listed: string;
  /** Said by the public record's route, for the resources that have one. */
  fetched: string;
  added: string;
  updated: string;
  deleted: string;
  notFound: string;
}

/** The answers about a record the spec names `noun` ('Book': 'Books fetched successfully', 'Book not found'). */
export function messagesAbout(noun: string): ResourceMessages {
  return {
    listed: `${noun}s fetched successfully`,
    fetched: `${noun} fetched successfully`,
    added: `${noun} added successfully`,
    updated: `${noun} updated successfully`,
    deleted: `${noun} deleted successfully`,
    notFound: `${noun} not found`,
  };
}

/** A resource's export: its screen's columns, each a field of its row. */
export interface ResourceExport<Row extends StoredRow>
  extends Pick<ExportDefinition, 'name' | 'what' | 'searched' | 'filters'>, Partial<Pick<ExportDefinition, 'tag'>> {
  columns: (Omit<ExportColumn, 'column'> & { column: keyof Row & string })[];
}

export interface ResourceRoute {
  url: string;
  summary: string;
  /** The OpenAPI description, when not the route's own ('' for none). */
  description?: string;
}

/** A write of the resource's `input` hook: a sent add or edit, or a kept version made current again. */
export type ResourceWrite = 'add' | 'edit' | 'restore';

/** The list's order: `addedAt`, newest or oldest first, or a column of its own. */
export type ResourceOrder<Row> =
  'newest first' | 'oldest first' | { by: keyof Row & string; direction: 'asc' | 'desc' };

/** The public list's route: its URLs, and what differs from a plain list of every record. */
export interface ResourceListRoute<Row> {
  /** The first URL is documented, the others answer the same and are hidden. */
  urls: string[];
  summary: string;
  description?: string;
  /**
   * A list of the records whose column holds the URL's last parameter (the readings of a week):
   * `value` reads it, or throws a 400 in words; each value's answer is cached on its own.
   */
  by?: { column: keyof Row & string; param: TSchema; value(param: string): string | number };
  /** The answer's `data` as documented, when not an array of the entity (About's list of at most one). */
  data?: TSchema;
}

/** The public record's route, found by its id or, when `alsoBy` accepts the parameter, by that column. */
export interface ResourceSingleRoute<Row> extends ResourceRoute {
  alsoBy?: { column: keyof Row & string; accepts(param: string): boolean; param: TSchema };
}

export interface ResourceDefinition<Row extends StoredRow> {
  table: keyof Database & string;
  /**
   * For records that share their table with another resource's (the adult and the children
   * reflections): the column and value of this one's rows. Every query keeps to them, and an add
   * stores the value; the public list's change counter is named `<table>-<value>`.
   */
  only?: { column: keyof Row & string; value: string };
  /** What an answer carries, and the add and edit forms' text fields (each a contract schema). */
  entity: Named<TObject>;
  fields: Named<TObject>;
  /** The column stamped with the time of the add; it orders the public list (the id breaks ties). */
  addedAt: keyof Row & string;
  listed: ResourceOrder<Row>;
  /**
   * What an edit that leaves out an optional field of `fields` stores: the stored value (the default)
   * or empty. An add that leaves one out always stores it empty.
   */
  leftOutOnEdit?: 'kept' | 'empty';
  /**
   * For a record with text the parish writes: the name of its history. Each edit then keeps the
   * version it replaces (history/), which its calls list and restore.
   */
  history?: HistoryResource;
  /** Its list's CSV and Excel export, in its list's order, read by every member. */
  export?: ResourceExport<Row>;
  /** The one uploaded file; a resource without one takes a JSON body. */
  file?: ResourceFile<Row>;
  /** Bytes a write's body may have, when more than the server's default (rich text). */
  bodyLimit?: number;
  /**
   * The columns a write stores, from its fields (validated by their schema): checks the schema cannot
   * make (a 400 in words), sanitising, derived columns. On 'restore' they are a kept version's, which
   * were checked when first saved.
   */
  input?(fields: FormFields, write: ResourceWrite): FormFields;
  /**
   * A unique key of the table (within `only`): a write that would repeat it is a 409 in the words of
   * `taken`, read from the columns written. The database's constraint decides, so two writes racing
   * for one key get the same answer.
   */
  unique?: { columns: (keyof Row & string)[]; taken(written: Row): string };
  /**
   * Uploads the record's text shows besides its file (reflections' editor images): each version an
   * edit keeps names them; a delete puts `trashedWith`'s rows (and their files) in the trash with it.
   */
  shows?: {
    files(row: Row): string[];
    trashedWith(trx: Kysely<Database>, row: Row): Promise<{ rows: TrashedRow[]; files: string[] }>;
  };
  /**
   * The answer's fields that are not a column of the same name (the entity's other fields are the
   * row's); `fileUrl` makes a stored file's name its absolute URL, `origin` is the server's public one.
   */
  answer?(row: Row, fileUrl: (name: string) => string, origin: string): Record<string, unknown>;
  /** Who may write, besides an administrator on their own account: none for every role that edits content. */
  permission?: Permission;
  /** The record as the answers name it, capitalised ('Bank account'): see messagesAbout. */
  noun: string;
  /** The answers' texts: messagesAbout(noun), but where the declaration words its own. */
  messages: ResourceMessages;
  /**
   * Settings → Activity: the kind of record (also one record in the routes' summaries: 'One book'),
   * and the column (snake_case) of its name, read before a delete.
   */
  activity: { kind: ActivityKind; nameColumn: string };
  /**
   * The OpenAPI tag and routes, registered (and documented) in the order declared; the history's
   * follow the edit. The edit and delete URLs end with the record's id parameter.
   */
  tag: string;
  routes: {
    list: ResourceListRoute<Row>;
    single?: ResourceSingleRoute<Row>;
    add: ResourceRoute;
    edit: ResourceRoute & { method: 'POST' | 'PUT' };
    /** Absent for a record that is edited, never deleted (About Us). */
    delete?: ResourceRoute & { method?: 'POST' };
  };
}

/** The form's text fields, as received and validated. */
export type FormFields = Record<string, unknown>;

/** A route as a definition names it: its summary is the one `defineResource` words, unless given. */
type Declared<R extends { summary: string }> = Omit<R, 'summary'> & { summary?: string };

/**
 * What a resource's file declares: its definition but the noun, which is its entity's name in words
 * ('BankAccount': 'Bank account'), and the tag and the routes' summaries where they say only what the
 * definition does ('books', 'One book (public)', 'Delete a book and its cover').
 */
export type ResourceDeclaration<Row extends StoredRow> = Omit<
  ResourceDefinition<Row>,
  'noun' | 'messages' | 'tag' | 'routes'
> & {
  /** The answers' texts where the spec words them otherwise than messagesAbout(noun). */
  messages?: Partial<ResourceMessages>;
  /** The OpenAPI tag: the records in the plural ('live streams'), unless given. */
  tag?: string;
  routes: {
    [K in keyof ResourceDefinition<Row>['routes']]: Declared<NonNullable<ResourceDefinition<Row>['routes'][K]>>;
  };
};

/** The resource's definition: its declaration with the noun, tag and summaries it leaves out. */
export function defineResource<Row extends StoredRow>(declared: ResourceDeclaration<Row>): ResourceDefinition<Row> {
  const { entity, file, listed, routes } = declared;
  const kind = declared.activity.kind;
  const records = `${kind}s`;
  const [documented, ...others] = routes.list.urls;
  const alias = others.includes(`${documented}/`)
    ? '; also with a trailing slash'
    : others.some((url) => `${url}/` === documented)
      ? '; also without the trailing slash'
      : '';
  const order =
    listed === 'newest first'
      ? 'newest first'
      : listed === 'oldest first'
        ? 'in the order they were added'
        : `by ${listed.by}${listed.direction === 'desc' ? ', last first' : ''}`;
  const withFile = file ? ` and its ${file.words.replace(/^The /, '')}` : '';
  const byPost = routes.delete?.method === 'POST' ? ' (POST, no body)' : '';
  const noun = entity.$id.replace(/(?<=.)([A-Z])/g, (letter: string) => ` ${letter.toLowerCase()}`);
  const summaries: Record<keyof ResourceDefinition<Row>['routes'], string> = {
    list: `All ${records}, ${order} (public${alias})`,
    single: `One ${kind} (public)`,
    add: `Add a ${kind}`,
    edit: `Edit a ${kind}`,
    delete: `Delete a ${kind}${withFile}${byPost}`,
  };
  // The routes in the order declared: the order the OpenAPI document lists them.
  const named = Object.entries(routes).map(([name, route]) => [
    name,
    { summary: summaries[name as keyof typeof summaries], ...route },
  ]);
  return {
    ...declared,
    tag: declared.tag ?? records,
    noun,
    messages: { ...messagesAbout(noun), ...declared.messages },
    routes: Object.fromEntries(named) as ResourceDefinition<Row>['routes'],
  };
}

/** The list's order as a column and a direction. */
export function orderOf<Row extends StoredRow>(resource: Pick<ResourceDefinition<Row>, 'addedAt' | 'listed'>) {
  const { listed } = resource;
  if (typeof listed === 'object') return { column: listed.by, direction: listed.direction };
  return { column: resource.addedAt, direction: listed === 'newest first' ? ('desc' as const) : ('asc' as const) };
}
