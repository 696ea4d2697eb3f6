import { linkField, optionalText, requiredText } from './schemas';

describe('link field', () => {
  const schema = linkField('Link is required', 'Link', { maxLength: 40 });
  it('requires an http(s) URL', async () => {
    await expect(schema.validate('')).rejects.toThrow('Link is required');
    await expect(schema.validate('javascript:alert(1)')).rejects.toThrow('Invalid link format');
    await expect(schema.validate('ftp://example.com')).rejects.toThrow('Invalid link format');
    await expect(schema.validate('https://example.com/book')).resolves.toBe('https://example.com/book');
  });
  it("refuses a link longer than the API's limit", async () => {
    await expect(schema.validate(`https://example.com/${'x'.repeat(21)}`)).rejects.toThrow(
      'Link must be at most 40 characters',
    );
  });
});

describe('text fields within the API limits', () => {
  it('requires the text, trimmed, and refuses one over the limit with a message naming the field', async () => {
    const title = requiredText('Title is required', 'Title', { maxLength: 5 });
    await expect(title.validate('   ')).rejects.toThrow('Title is required');
    await expect(title.validate(' Psalm ')).resolves.toBe('Psalm');
    await expect(title.validate('Psalms')).rejects.toThrow('Title must be at most 5 characters');
  });
  it('lets an optional text be empty, within the limit otherwise', async () => {
    const code = optionalText('Swift code', { maxLength: 3 });
    await expect(code.validate('')).resolves.toBe('');
    await expect(code.validate('ABCD')).rejects.toThrow('Swift code must be at most 3 characters');
  });
});
