import sanitizeHtml from 'sanitize-html';

// Rich text of reflections, sanitised on write with an allow-list: what Quill's snow editor makes
// (headers 1–3, fonts, sizes, alignments, indents, lists, links, images, videos) and nothing else.
// No scripts, no event handlers, no styles, no javascript: links. Images: http(s), or data: URLs of
// the four raster types (existing content; the editor uploads files and embeds their URL). Iframes:
// YouTube and Vimeo embeds only.

const VIDEO_EMBED =
  /^https:\/\/(?:www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[^\s"'<>]+$/;
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const blockClasses = ['class'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'a',
    'img',
    'iframe',
    'ol',
    'ul',
    'li',
    'blockquote',
    'pre',
    'code',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'class', 'frameborder', 'allowfullscreen'],
    li: ['data-list', 'class'],
    p: blockClasses,
    h1: blockClasses,
    h2: blockClasses,
    h3: blockClasses,
    ol: blockClasses,
    ul: blockClasses,
    span: blockClasses,
    blockquote: blockClasses,
    pre: blockClasses,
  },
  // Quill's formats are classes: ql-align-center, ql-indent-3, ql-size-large, ql-font-serif …
  allowedClasses: {
    '*': [
      /^ql-(?:align-(?:center|right|justify)|indent-[1-8]|size-(?:small|large|huge)|font-(?:serif|monospace))$/,
      'ql-video',
      'ql-syntax',
    ],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  transformTags: {
    // Links open outside the app and cannot reach back into it.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') {
      const src = frame.attribs.src ?? '';
      // Absolute http(s) URLs and raster data: URLs only (no relative paths).
      return !(/^https?:\/\/[^\s]+$/i.test(src) || DATA_IMAGE.test(src));
    }
    if (frame.tag === 'iframe') return !VIDEO_EMBED.test(frame.attribs.src ?? '');
    return false;
  },
  // Text inside a refused element (a <script>'s code, a <style>'s rules) is dropped, not shown.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
};

export function sanitizeRichText(html: string): string {
  return ordinarySpaces(sanitizeHtml(html, OPTIONS).trim());
}

const NBSP = '\u00a0';
/** Tags that start or end a line: a space next to them would collapse. */
const LINE_EDGE = /^<\/?(?:p|h[1-6]|li|ol|ul|blockquote|pre|br)\b/i;
/** Inline content that is not text: a space after it is a word's space again. */
const EMBED = /^<(?:img|iframe)\b/i;

/**
 * The editor writes every typed space as a non-breaking one, which makes browsers (and the mobile
 * app) break words anywhere but at spaces. Spaces are stored as ordinary ones; a non-breaking space
 * stays only where an ordinary one would collapse: after another space, or at the start of a line.
 * Works on sanitised HTML, whose text holds no '<' (tags are the only '<…>').
 */
export function ordinarySpaces(html: string): string {
  let lineStart = true;
  let afterSpace = false;
  return html.replace(/<[^>]*>|[^<]+/g, (token) => {
    if (token.startsWith('<')) {
      if (LINE_EDGE.test(token)) {
        lineStart = true;
        afterSpace = false;
      } else if (EMBED.test(token)) {
        lineStart = false;
        afterSpace = false;
      }
      return token;
    }
    let text = '';
    for (const char of token) {
      if (char === ' ' || char === NBSP) {
        const collapses = lineStart || afterSpace;
        text += collapses ? NBSP : ' ';
        afterSpace = !collapses;
      } else {
        text += char;
        lineStart = false;
        afterSpace = false;
      }
    }
    return text;
  });
}

/** True when the sanitised HTML shows nothing: no text, no image, no video (Quill's empty `<p><br></p>`). */
export function isBlankRichText(html: string): boolean {
  if (/<(?:img|iframe)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}
