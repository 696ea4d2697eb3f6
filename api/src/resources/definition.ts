import type { TObject } from '@sinclair/typebox';
import type { ActivityKind } from '../activity/record';
import type { Permission } from '../auth/permissions';
import type { Database } from '../db/schema';
import type { ExportColumn, ExportDefinition } from '../exports/definition';
import type { HistoryResource } from '../history/versions';
import type { Named } from '../http/contract';
import type { FileKind } from '../uploads/form';
import type { StoredRow } from './row';

export type { StoredRow } from './row';

// A resource: a public list, an optional public record, and add, edit and delete for the
// administrators allowed to. Its fields come as a multipart form with one file (books, groups, live
// streams, donations) or, for a resource without a file, as a JSON body (bank accounts, prayers).
// Its definition says what differs; resources/routes.ts and resources/repository.ts do the rest the
// same way for each.

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
export interface ResourceExport<Row extends StoredRow> extends Pick<ExportDefinition, 'name' | 'what' | 'searched'> {
  columns: (Omit<ExportColumn, 'column'> & { column: keyof Row & string })[];
}

export interface ResourceRoute {
  url: string;
  summary: string;
}

export interface ResourceDefinition<Row extends StoredRow> {
  table: keyof Database & string;
  /** What an answer carries, and the add and edit forms' text fields (each a contract schema). */
  entity: Named<TObject>;
  fields: Named<TObject>;
  /** The column stamped with the time of the add; it orders the public list (the id breaks ties). */
  addedAt: keyof Row & string;
  listed: 'newest first' | 'oldest first';
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
  /**
   * The answer's fields that are not a column of the same name (the entity's other fields are the
   * row's); `fileUrl` makes a stored file's name its absolute URL.
   */
  answer?(row: Row, fileUrl: (name: string) => string): Record<string, unknown>;
  /** Who may write, besides an administrator on their own account: none for every role that edits content. */
  permission?: Permission;
  /** The record as the answers name it, capitalised ('Bank account'): see messagesAbout. */
  noun: string;
  /**
   * Settings → Activity: the kind of record (also one record in the routes' summaries: 'One book'),
   * and the column (snake_case) of its name, read before a delete.
   */
  activity: { kind: ActivityKind; nameColumn: string };
  /** The OpenAPI tag and routes. The edit and delete URLs end with the record's id parameter. */
  tag: string;
  routes: {
    /** The public list: the first URL is documented, the others answer the same and are hidden. */
    list: { urls: string[]; summary: string };
    single?: ResourceRoute;
    add: ResourceRoute;
    edit: ResourceRoute & { method: 'POST' | 'PUT' };
    delete: ResourceRoute & { method?: 'POST' };
  };
}

/** A route as a definition names it: its summary is the one `defineResource` words, unless given. */
type Declared<R extends { summary: string }> = Omit<R, 'summary'> & { summary?: string };

/**
 * What a resource's file declares: its definition but the noun, which is its entity's name in words
 * ('BankAccount': 'Bank account'), and the tag and the routes' summaries where they say only what the
 * definition does ('books', 'One book (public)', 'Delete a book and its cover').
 */
export type ResourceDeclaration<Row extends StoredRow> = Omit<ResourceDefinition<Row>, 'noun' | 'tag' | 'routes'> & {
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
  const order = listed === 'newest first' ? 'newest first' : 'in the order they were added';
  const withFile = file ? ` and its ${file.words.replace(/^The /, '')}` : '';
  const byPost = routes.delete.method === 'POST' ? ' (POST, no body)' : '';
  return {
    ...declared,
    tag: declared.tag ?? records,
    noun: entity.$id.replace(/(?<=.)([A-Z])/g, (letter: string) => ` ${letter.toLowerCase()}`),
    routes: {
      list: { summary: `All ${records}, ${order} (public${alias})`, ...routes.list },
      ...(routes.single ? { single: { summary: `One ${kind} (public)`, ...routes.single } } : {}),
      add: { summary: `Add a ${kind}`, ...routes.add },
      edit: { summary: `Edit a ${kind}`, ...routes.edit },
      delete: { summary: `Delete a ${kind}${withFile}${byPost}`, ...routes.delete },
    },
  };
}
