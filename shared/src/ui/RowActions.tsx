import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { ConfirmedDelete, outlinedDangerCss } from './DeleteButton';

/**
 * Every action of a table row looks the same — View Details, Edit (a link to a screen or a button
 * that opens a modal) and Delete — small and quiet, so that a list reads as its records, not as its
 * buttons. Delete wears the danger colour outlined, as on a details page; the filled red button is
 * the confirmation dialog's.
 */
const actionCss = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
`;

const ActionLink = styled(Link)`
  ${actionCss}
`;

const ActionButton = styled.button`
  ${actionCss}
`;

const DeleteAction = styled.button`
  ${actionCss}
  ${outlinedDangerCss}
`;

type RowActionProps = {
  children: ReactNode;
  /** The name that says which row, e.g. 'Edit Vigil' or 'View details of Choir'. */
  'aria-label'?: string;
} & (
  | { /** To another screen: a link. */ to: To; state?: unknown; onClick?: never; confirmDelete?: never }
  | { /** On this screen (e.g. an Edit modal): a button. */ onClick: () => void; to?: never; confirmDelete?: never }
  | {
      /** A delete that asks first, in a dialog, and is shown to who may write (WriteOnly). */
      confirmDelete: {
        /** The spec's question, e.g. 'Are you sure you want to delete this stream?'. */
        message: string;
        /** Runs after confirmation; a rejection keeps the dialog open (the client showed the toast). */
        onDelete: () => Promise<void>;
      };
      to?: never;
      onClick?: never;
    }
);

/** One action of a table row, in the one look of row actions (see RowActions). */
export function RowAction({ children, 'aria-label': label, ...target }: RowActionProps) {
  if (target.confirmDelete) {
    return (
      <ConfirmedDelete
        {...target.confirmDelete}
        trigger={(ask) => (
          <DeleteAction type="button" aria-label={label} onClick={ask}>
            {children}
          </DeleteAction>
        )}
      />
    );
  }
  if (target.to !== undefined) {
    return (
      <ActionLink to={target.to} state={target.state} aria-label={label}>
        {children}
      </ActionLink>
    );
  }
  return (
    <ActionButton type="button" onClick={target.onClick} aria-label={label}>
      {children}
    </ActionButton>
  );
}

/** The actions of one row side by side, never wrapping (a row's actions are one column's content). */
export const RowActions = styled.span`
  display: inline-flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.space(2)};
`;
