import styled from 'styled-components';

/** Forms are one readable column; wide screens do not stretch inputs across the page. */
export const FormColumn = styled.div`
  max-width: 640px;
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;
