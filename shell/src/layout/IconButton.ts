import styled from 'styled-components';

/** The shell's square icon buttons (menu, search, close): 40 px, a thin frame, a 20 px icon. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  flex: none;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.page};
  }
  svg {
    width: 20px;
    height: 20px;
  }
`;
