import styled from 'styled-components';
import { Picture } from 'shared';

/** A group's picture is square (books are book-shaped): a thumbnail in the list, large on details. */
export const GroupPicture = styled(Picture)`
  width: ${({ $size }) => ($size === 'large' ? '220px' : '48px')};
  height: ${({ $size }) => ($size === 'large' ? '220px' : '48px')};
`;
