import { isId, newId, timestamp } from './ids';

describe('ids', () => {
  it('are 24 lowercase hex characters starting with the creation second', () => {
    const at = new Date('2024-05-01T10:00:00Z');
    const id = newId(at);
    expect(isId(id)).toBe(true);
    expect(parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
  });

  it('sort in creation order, even within one second', () => {
    const at = new Date();
    const ids = Array.from({ length: 50 }, () => newId(at));
    expect(new Set(ids).size).toBe(50);
    for (let i = 1; i < ids.length; i += 1) {
      // The 3-byte counter wraps once every 16M ids; only then may an id sort before its predecessor.
      expect(ids[i] > ids[i - 1] || ids[i - 1].endsWith('ffffff')).toBe(true);
    }
    expect(newId(new Date(at.getTime() + 1000)) > ids[49]).toBe(true);
  });

  it('reject anything else', () => {
    expect(isId('ABCDEFABCDEFABCDEFABCDEF')).toBe(false);
    expect(isId('abc')).toBe(false);
    expect(isId(42)).toBe(false);
  });

  it('timestamps are ISO-8601 UTC text', () => {
    expect(timestamp(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
