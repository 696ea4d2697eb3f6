import { linkField, loginSchema } from './schemas';

const errorsOf = async (values: object) => {
  try {
    await loginSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('login schema', () => {
  it("uses the spec's messages", async () => {
    expect(await errorsOf({ email: '', password: '' })).toEqual(['Email is required', 'Password is required']);
    expect(await errorsOf({ email: 'not-an-email', password: 'x' })).toEqual(['Invalid email address']);
    expect(await errorsOf({ email: 'admin@example.com', password: 'x' })).toEqual([]);
  });
});

describe('link field', () => {
  const schema = linkField('Link is required');
  it('requires an http(s) URL', async () => {
    await expect(schema.validate('')).rejects.toThrow('Link is required');
    await expect(schema.validate('javascript:alert(1)')).rejects.toThrow('Invalid link format');
    await expect(schema.validate('ftp://example.com')).rejects.toThrow('Invalid link format');
    await expect(schema.validate('https://example.com/book')).resolves.toBe('https://example.com/book');
  });
});
