import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styled from 'styled-components';

// Quill's formats are classes; the details screen shows them without loading Quill's stylesheet.
const indents = Array.from({ length: 8 }, (_, i) => `.ql-indent-${i + 1} { padding-left: ${(i + 1) * 3}em; }`).join(
  '\n',
);

const Body = styled.div`
  overflow-wrap: anywhere;
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
  img {
    max-width: 100%;
    height: auto;
    border-radius: 6px;
  }
  iframe.ql-video {
    display: block;
    width: min(560px, 100%);
    aspect-ratio: 16 / 9;
    border: 0;
  }
  .ql-align-center {
    text-align: center;
  }
  .ql-align-right {
    text-align: right;
  }
  .ql-align-justify {
    text-align: justify;
  }
  .ql-size-small {
    font-size: 0.75em;
  }
  .ql-size-large {
    font-size: 1.5em;
  }
  .ql-size-huge {
    font-size: 2.5em;
  }
  .ql-font-serif {
    font-family: Georgia, 'Times New Roman', serif;
  }
  .ql-font-monospace {
    font-family: Monaco, 'Courier New', monospace;
  }
  ol {
    padding-left: 1.5em;
  }
  li[data-list='bullet'] {
    list-style-type: disc;
  }
  ${indents}
`;

const VIDEO_EMBED =
  /^https:\/\/(?:www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

// Iframes only for YouTube and Vimeo embeds, as the server allows (the hook applies to this remote's DOMPurify).
DOMPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'iframe' && !VIDEO_EMBED.test((node as Element).getAttribute('src') ?? '')) {
    node.parentNode?.removeChild(node);
  }
});

/**
 * Rich text, shown read-only. The server sanitised it on write; it is sanitised again here
 * (DOMPurify) before it reaches the page, so stored content can never run a script.
 */
export function RichText({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ADD_TAGS: ['iframe'],
        ADD_ATTR: ['target', 'allowfullscreen', 'frameborder'],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/(?:png|jpeg|gif|webp);)/i,
      }),
    [html],
  );
  return <Body aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />;
}
