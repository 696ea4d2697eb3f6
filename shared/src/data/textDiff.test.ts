import { readableText, wordDiff } from './textDiff';

describe('the text a version is compared on', () => {
  it('reads rich text as its words: paragraphs on lines, a picture named, entities and spaces decoded', () => {
    const html = '<p>Be&nbsp;still &amp; know</p><p><img src="/uploads/a.png"></p><ul><li>One</li><li>Two</li></ul>';
    expect(readableText(html)).toBe('Be still & know\n[picture]\nOne\nTwo');
    expect(readableText('A plain\ntext')).toBe('A plain\ntext');
    expect(readableText(undefined)).toBe('');
    expect(readableText('2026-06-01')).toBe('01/06/2026');
  });

  it('marks word by word what the version has and the current text lacks, and the other way round', () => {
    expect(wordDiff('<p>The Lord is my shepherd</p>', '<p>The Lord is my light</p>')).toEqual([
      { text: 'The Lord is my ', change: 'same' },
      { text: 'shepherd', change: 'removed' },
      { text: 'light', change: 'added' },
    ]);
  });
});
