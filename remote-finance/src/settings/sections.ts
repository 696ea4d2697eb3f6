import styled from 'styled-components';

// The Admins' sections below Deployed versions' table (the releases, the deploy tokens): one look.

export const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding-top: ${({ theme }) => theme.space(4)};
`;

/** The section's title, with its buttons or filter at the other end of the row. */
export const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
  }
`;

export const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.muted};
`;
