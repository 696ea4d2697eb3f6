// The rewrites shipped migrations ran, as they were when they shipped. A migration carries what it
// needs: had it imported the live function, a later change to that function would rewrite history
// (a database migrated later would get another result than one migrated then). Never edit these.

const NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;
const UPLOADS_PATH = '/uploads/';
const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)"/gi;

function uploadNameFromUrl(value: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const at = pathname.lastIndexOf(UPLOADS_PATH);
  if (at < 0) return undefined;
  const name = pathname.slice(at + UPLOADS_PATH.length);
  return NAME.test(name) ? name : undefined;
}

/** 0006: an editor image of ours, whatever origin it was kept with, becomes its `/uploads/<name>` path. */
export function uploadPathsInRichText(html: string): string {
  return html.replace(IMG_SRC, (whole, start: string, src: string) => {
    const name = uploadNameFromUrl(src);
    return name ? `${start}${UPLOADS_PATH}${name}"` : whole;
  });
}

const NBSP = '\u00a0';
const LINE_EDGE = /^<\/?(?:p|h[1-6]|li|ol|ul|blockquote|pre|br)\b/i;
const EMBED = /^<(?:img|iframe)\b/i;

/**
 * 0014: spaces the editor wrote as non-breaking ones become ordinary ones, except where an ordinary one
 * would collapse (after another space, or at the start of a line).
 */
export function ordinarySpacesInRichText(html: string): string {
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

/** 0025: every non-breaking space, as a character or an entity, becomes an ordinary one. */
export function plainSpacesInRichText(html: string): string {
  return html.replace(/\u00a0|&nbsp;|&#0*160;|&#x0*a0;/gi, ' ');
}
