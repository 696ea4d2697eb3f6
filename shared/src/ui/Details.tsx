import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from './ButtonLink';
import { DeleteButton } from './DeleteButton';
import { PageHeader } from './layout';
import { returnTo } from '../navigation/listReturn';
import { WriteOnly } from '../session/permissions';

/** Label–value pairs of a details screen. */
export const DetailsList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  align-content: start;
  align-self: flex-start;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  margin: 0;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A cover or thumbnail picture. */
export const Picture = styled.img<{ $size?: 'thumb' | 'large' }>`
  display: block;
  width: ${({ $size }) => ($size === 'large' ? '220px' : '48px')};
  height: ${({ $size }) => ($size === 'large' ? '300px' : '64px')};
  object-fit: cover;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.page};
`;

/** A details screen's content beside its picture: the picture, then the list (wrapping below on narrow screens). */
export const DetailsBody = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(8)};
`;

/** A long text in a `DetailsList` (a description): its line breaks kept, its lines readable. */
export const DetailsText = styled.dd`
  white-space: pre-line;
  max-width: 60ch;
`;

/**
 * A record's Back, Edit … and Delete …: beside its name on a wide screen; on a phone one row under it,
 * Back as wide as its word and the other two sharing the rest, a long label on two lines.
 */
const RecordActions = styled.div`
  display: contents;
  @media ${({ theme }) => theme.layout.narrowScreen} {
    display: grid;
    flex: 1 1 auto;
    grid-template-columns: auto 1fr 1fr;
    gap: ${({ theme }) => theme.space(2)};
    > * {
      padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
      white-space: normal;
      text-align: center;
      line-height: 1.25;
    }
  }
`;

interface DetailsHeaderProps {
  /** The record's name. */
  title: ReactNode;
  /** Where Back goes (the list). */
  backTo: string;
  /** The edit screen, and its link's text (e.g. 'Edit Book'). */
  editTo: string;
  editLabel: string;
  /** The navigation state the edit link carries (a record the edit screen cannot fetch alone). */
  editState?: unknown;
  /** The delete button's text (e.g. 'Delete Book') and the spec's question it asks first. */
  deleteLabel: string;
  confirmMessage: string;
  onDelete: () => Promise<void>;
}

/** The header of a details screen: the record's name, then Back, Edit … and Delete … (for who may write). */
export function DetailsHeader({
  title,
  backTo,
  editTo,
  editLabel,
  editState,
  deleteLabel,
  confirmMessage,
  onDelete,
}: DetailsHeaderProps) {
  return (
    <PageHeader
      title={title}
      actions={
        <RecordActions>
          <ButtonLink variant="secondary" to={returnTo(backTo)}>
            Back
          </ButtonLink>
          <WriteOnly>
            <ButtonLink to={editTo} state={editState}>
              {editLabel}
            </ButtonLink>
          </WriteOnly>
          <DeleteButton label={deleteLabel} confirmMessage={confirmMessage} onDelete={onDelete} />
        </RecordActions>
      }
    />
  );
}
