import styled from 'styled-components';

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
