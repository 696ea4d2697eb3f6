import { credentialErrors } from './credentials';

describe('the login checks', () => {
  it("use the spec's messages", () => {
    expect(credentialErrors({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(credentialErrors({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(credentialErrors({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'Invalid email address' });
    expect(credentialErrors({ email: 'admin@example', password: 'x' })).toEqual({});
    expect(credentialErrors({ email: ' admin@example.com ', password: 'x' })).toEqual({});
  });

  it('accept what an email input accepts and refuse what it refuses', () => {
    for (const valid of ['a.b+c@example.org', "o'brien@parish.ie", 'x@sub-domain.example.co.uk']) {
      expect(credentialErrors({ email: valid, password: 'x' })).toEqual({});
    }
    for (const invalid of ['a@b@c', 'a b@example.org', '@example.org', 'admin@', 'admin@-example.org']) {
      expect(credentialErrors({ email: invalid, password: 'x' })).toEqual({ email: 'Invalid email address' });
    }
  });
});
