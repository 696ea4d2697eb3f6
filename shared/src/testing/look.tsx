import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { RowAction } from '../ui/RowActions';
import { theme } from '../ui/theme';

/** A colour as the browser (jsdom) computes it, e.g. '#b42318' → 'rgb(180, 35, 24)'. */
export function computedColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
}

/** What makes a control look the way it does: its colours, border, height and type. */
export function lookOf(element: Element) {
  const style = getComputedStyle(element);
  return {
    color: style.color,
    background: style.backgroundColor,
    border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
    minHeight: style.minHeight,
    fontSize: style.fontSize,
    fontWeight: style.fontWeight,
  };
}

/** Whether a control wears the theme's danger colour, as its text, its background or its border. */
export function isDangerColoured(element: Element): boolean {
  const danger = computedColour(theme.color.danger);
  const style = getComputedStyle(element);
  return [style.color, style.backgroundColor, style.borderTopColor].includes(danger);
}

/** The one look of a table row's View or Edit (RowAction), as lookOf gives it. */
export function rowActionLook() {
  const { getByRole, unmount } = render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <RowAction to="/">Edit</RowAction>
      </MemoryRouter>
    </ThemeProvider>,
  );
  const look = lookOf(getByRole('link', { name: 'Edit' }));
  unmount();
  return look;
}
