import { Link, type LinkProps } from 'react-router-dom';
import styled from 'styled-components';
import { buttonCss, type Variant } from './Button';

// Apart from Button: the router it needs is not loaded by the login page, whose form has a Button.

const StyledLink = styled(Link)<{ $variant: Variant }>`
  ${buttonCss}
`;

/** A link that looks like a button (Add New …, Back, Edit …). */
export function ButtonLink({ variant = 'primary', ...rest }: LinkProps & { variant?: Variant }) {
  return <StyledLink $variant={variant} {...rest} />;
}
