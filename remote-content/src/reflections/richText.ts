/** True when rich text shows nothing: no text, no image, no video (Quill's empty editor is `<p><br></p>`). */
export function isBlankRichText(html: string | undefined | null): boolean {
  if (!html) return true;
  if (/<(?:img|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}
