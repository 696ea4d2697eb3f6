import styled, { createGlobalStyle } from 'styled-components';

// The print views' one layout (the week's, the intentions report's): a sheet previewed on screen as an
// A4 page, and its copy that alone goes to paper.

/**
 * On paper only the printed copy of the sheet is, on A4: it is a child of the body of its own (its id
 * `$printed`), so that the shell (menu, header), the toasts and the screen with its buttons are left out,
 * whatever they are.
 */
export const PrintRules = createGlobalStyle<{ $printed: string }>`
  @media print {
    @page {
      size: A4;
      margin: 16mm 14mm;
    }
    html,
    body {
      background: #fff !important;
    }
    body > *:not(#${({ $printed }) => $printed}) {
      display: none !important;
    }
  }
`;

/** The copy that prints: none on screen (the screen shows its preview). */
export const Printed = styled.div`
  display: none;
  @media print {
    display: block;
  }
`;

/** On screen, the sheet as a preview of the page. */
export const Preview = styled.div`
  overflow-x: auto;
  background: #e9eaee;
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space(4)};
  @media (max-width: 599px) {
    padding: ${({ theme }) => theme.space(2)};
  }
`;

export const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
  input {
    width: 18px;
    height: 18px;
  }
`;

export const Sheet = styled.article<{ $large: boolean }>`
  box-sizing: border-box;
  max-width: 210mm;
  min-height: 297mm;
  margin: 0 auto;
  padding: 16mm 14mm;
  background: #fff;
  color: #000;
  font-family: Georgia, 'Times New Roman', serif;
  font-size: ${({ $large }) => ($large ? '16pt' : '11pt')};
  line-height: 1.4;
  box-shadow: 0 1px 6px rgba(0, 0, 0, 0.2);
  @media (max-width: 599px) {
    min-height: 0;
    padding: 6mm 5mm;
  }
  @media print {
    max-width: none;
    min-height: 0;
    box-shadow: none;
    padding: 0;
  }
  h2.title {
    margin: 0;
    padding: 0;
    border: 0;
    font-size: 1.6em;
  }
  .week {
    margin: 0.2em 0 1em;
    font-size: 1.05em;
  }
  h3.day {
    margin: 1.1em 0 0.3em;
    padding-bottom: 0.15em;
    border-bottom: 1px solid #000;
    font-size: 1.2em;
    break-after: avoid;
  }
  section.mass {
    margin: 0 0 0.8em;
    break-inside: avoid;
  }
  h4 {
    margin: 0.4em 0 0.2em;
    font-size: 1.05em;
  }
  ol {
    margin: 0;
    padding-left: 1.6em;
  }
  .asker {
    color: #333;
  }
  .none {
    margin: 0;
    font-style: italic;
    color: #444;
  }
`;
