/** What a message says: a greeting, paragraphs, at most one button-like link, in the parish's name. */
export interface MessageContent {
  parish: string;
  greeting: string;
  paragraphs: string[];
  link?: { label: string; url: string };
  /** A last, smaller line (why the reader got it). */
  footnote?: string;
}

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The plain-text and HTML parts of one message, the same words in both. */
export function compose(content: MessageContent): { text: string; html: string } {
  const { parish, greeting, paragraphs, link, footnote } = content;
  const text = [
    greeting,
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${parish}`,
  ].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 24px;font-weight:bold;color:#374151">${escapeHtml(parish)}</p>`,
    p(greeting),
    ...paragraphs.map(p),
    ...(link
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(link.url)}</p>`,
        ]
      : []),
    ...(footnote ? [`<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>`] : []),
    '</div></body></html>',
  ].join('');
  return { text, html };
}
