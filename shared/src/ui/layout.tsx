import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ButtonLink } from './ButtonLink';
import { returnTo } from '../navigation/listReturn';
import { noticeCss } from './notice';
import { useTakePageTitle } from './pageTitle';

/** White surface that holds a screen's table, form or details. */
export const Panel = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(6)};
  @media ${({ theme }) => theme.layout.narrowScreen} {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-left: auto;
  &:empty {
    display: none;
  }
  /* On a phone the actions that do not fit beside the title start under it, where the eye goes next. */
  @media ${({ theme }) => theme.layout.narrowScreen} {
    margin-left: 0;
  }
`;

/**
 * A row with its two parts at its ends (a title and its actions; a count and the page buttons), one
 * under the other when the row is too narrow for both.
 */
export const spreadRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const HeaderRow = styled.div`
  ${spreadRow}
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1,
  h2 {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h1 {
    font-size: ${({ theme }) => theme.font.size.title};
  }
  h2 {
    font-size: 1.125rem;
  }
  /* Nothing to show (no title, and no action the member may take): no empty band above the content. */
  &:not(:has(> h1, > h2)):not(:has(> ${Actions}:not(:empty))) {
    display: none;
  }
`;

/**
 * The head of a screen's card: the screen's title (its h1) and its actions (Add New …, Back …). Without
 * a `title` it shows the name the shell gives the screen; a details screen names its record instead.
 */
export function PageHeader({ title, actions }: { title?: ReactNode; actions?: ReactNode }) {
  const pageTitle = useTakePageTitle();
  const heading = title ?? pageTitle;
  return (
    <HeaderRow>
      {heading && <h1>{heading}</h1>}
      {actions && <Actions>{actions}</Actions>}
    </HeaderRow>
  );
}

/** The head of one section of a screen (Settings' Profile, Password …): its h2 and its actions. */
export function SectionHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <HeaderRow>
      <h2>{title}</h2>
      {actions && <Actions>{actions}</Actions>}
    </HeaderRow>
  );
}

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.muted};
`;

/** The spec's empty text of a list ('No books available.' …). */
export function EmptyText({ children }: { children: ReactNode }) {
  return <Empty>{children}</Empty>;
}

/** A notice that the figures on a screen are sample data, not the community's. */
export const SampleDataNotice = styled.p.attrs({ role: 'note' })`
  ${noticeCss('note')}
`;

/** A details or edit screen whose record does not exist: the spec's text and the way back. */
export function MissingRecord({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <>
      <PageHeader
        actions={
          <ButtonLink variant="secondary" to={returnTo(backTo)}>
            {backLabel}
          </ButtonLink>
        }
      />
      <Panel>
        <EmptyText>{message}</EmptyText>
      </Panel>
    </>
  );
}
