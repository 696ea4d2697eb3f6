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
  return plainSpaces(sanitizeHtml(html, OPTIONS).trim());
}

/** A non-breaking space, as a character or as an entity (&nbsp; &#160; &#xa0;). */
const NON_BREAKING = /\u00a0|&nbsp;|&#0*160;|&#x0*a0;/gi;

/**
 * Every space as an ordinary one: the editor writes typed spaces (a double space's second one, a line's
 * first) as non-breaking ones, which the mobile app would show as they are and break words anywhere
 * but there. Stored rich text and what the app reads hold none.
 */
export function plainSpaces(html: string): string {
  return html.replace(NON_BREAKING, ' ');
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
