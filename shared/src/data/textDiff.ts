import { diffWords } from 'diff';

/** A run of words of a comparison: the same in both texts, or only in one of them. */
export interface DiffPart {
  text: string;
  change: 'same' | 'removed' | 'added';
}

/** Block ends of the editor's HTML that read as line breaks. */
const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi;

/**
 * The text a reader sees in a stored value: rich text's HTML as its words (paragraphs on lines of their
 * own, a picture as '[picture]', entities decoded), a calendar day as dd/mm/yyyy, plain text as it is.
 */
export function readableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A calendar day reads as every screen shows one.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (!/<[a-z][^>]*>/i.test(text)) return text;
  const marked = text.replace(/<img\b[^>]*>/gi, ' [picture] ').replace(BLOCK_END, (end) => `${end}\n`);
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  return (parsed.body.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** What `from` (the current text) would become as `to` (a version), word by word. */
export function wordDiff(from: unknown, to: unknown): DiffPart[] {
  return diffWords(readableText(from), readableText(to)).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}
