import { Fragment, useState, type ReactNode } from 'react';
import { WriteOnly } from '../session/permissions';
import { ButtonLink } from './ButtonLink';
import { ExportButton, type ExportList } from './ExportButton';
import { ListTable, type Column } from './DataTable';
import { PageHeader, Panel } from './layout';
import { Modal } from './Modal';
import { RowAction, RowActions } from './RowActions';
import type { LoadState } from './LoadState';

/** What a list screen shows of its records: the table's columns and texts, and the header's Add action. */
export interface ListLayout<Row> {
  columns: Column<Row>[];
  caption: string;
  /** The spec's empty text, e.g. 'No books available.'. */
  emptyText: string;
  /** What the rows are, for 'No books match “…”.' (default: the caption, lower case). */
  itemsName?: string;
  /** The header's primary action, for those whose role may write: where it goes and its spec text. */
  add: { to: string; label: string };
  /** The list's export: the header's Export (CSV or Excel), for every role that reads the list. */
  exportList?: ExportList;
}

interface ListPageProps<Row> extends ListLayout<Row> {
  load: Pick<LoadState<unknown>, 'loading' | 'error' | 'reload'>;
  rows: Row[];
  /** Shown under the table: an edit modal. */
  children?: ReactNode;
}

/**
 * A list screen (spec §2): the card, its header's Export (what the search shows) and Add action,
 * then the table of the records.
 */
export function ListPage<Row extends { _id: string }>({ add, children, exportList, ...table }: ListPageProps<Row>) {
  return (
    <>
      <PageHeader
        actions={
          <>
            {exportList && <ExportButton list={exportList} />}
            <WriteOnly>
              <ButtonLink to={add.to}>{add.label}</ButtonLink>
            </WriteOnly>
          </>
        }
      />
      <Panel>
        <ListTable {...table} rowKey={(row) => row._id} />
        {children}
      </Panel>
    </>
  );
}

/** The S/N column: the row's number in the list, from 1. */
export function serialColumn<Row>(): Column<Row> {
  return { header: 'S/N', fit: true, cell: (_row, index) => index + 1 };
}

/** A column of links opened in a new tab, each showing its URL (in full as its tooltip when cut). */
export function linkColumn<Row>(header: string, maxWidth: string, url: (row: Row) => string): Column<Row> {
  return {
    header,
    maxWidth,
    cell: (row) => (
      <a href={url(row)} title={url(row)} target="_blank" rel="noopener noreferrer">
        {url(row)}
      </a>
    ),
  };
}

/** Where a row's action goes, and the row's name that tells screen readers which row it acts on. */
type RowTarget<Row> = (row: Row) => { to: string; name: string };

/**
 * A list's one Action column, the same on every list: the row's actions side by side (View Details,
 * Edit, Delete, History …). A reader still sees it for its reading actions; Edit and Delete only
 * who may write.
 */
export function actionColumn<Row>(...actions: Column<Row>[]): Column<Row> {
  const write = actions.every((action) => action.write);
  return {
    header: 'Action',
    fit: true,
    write,
    cell: (row, index) => (
      <RowActions>
        {actions.map((action, at) => (
          <Fragment key={at}>
            {action.write && !write ? <WriteOnly>{action.cell(row, index)}</WriteOnly> : action.cell(row, index)}
          </Fragment>
        ))}
      </RowActions>
    ),
  };
}

/** The Action column of View Details, to the row's details screen ('View details of <name>'). */
export function detailsColumn<Row>(target: RowTarget<Row>): Column<Row> {
  return {
    header: 'Action',
    fit: true,
    cell: (row) => {
      const { to, name } = target(row);
      return (
        <RowAction to={to} aria-label={`View details of ${name}`}>
          View Details
        </RowAction>
      );
    },
  };
}

/**
 * The Action column of Edit (for those whose role may write): to the row's edit screen ('Edit
 * <name>'), or `open`ing the row's edit modal. With Delete and others, inside actionColumn.
 */
export function editColumn<Row>(edit: RowTarget<Row> | { open: (row: Row) => void }): Column<Row> {
  return {
    header: 'Action',
    write: true,
    cell: (row) => {
      if (typeof edit !== 'function') return <RowAction onClick={() => edit.open(row)}>Edit</RowAction>;
      const { to, name } = edit(row);
      return (
        <RowAction to={to} aria-label={`Edit ${name}`}>
          Edit
        </RowAction>
      );
    },
  };
}

/**
 * A list's edit modal: `open` shows it for a row, `modal` is what to render (nothing while closed);
 * `form` gets the row and the way to close the modal (Cancel, or after a successful save).
 */
export function useEditModal<Row>(
  title: string,
  form: (row: Row, close: () => void) => ReactNode,
): { open: (row: Row) => void; modal: ReactNode } {
  const [editing, setEditing] = useState<Row>();
  const close = () => setEditing(undefined);
  const modal =
    editing === undefined ? null : (
      <Modal title={title} onClose={close}>
        {form(editing, close)}
      </Modal>
    );
  return { open: setEditing, modal };
}
