import { act, renderHook } from '@testing-library/react';
import { session, useSession } from './session';

const user = { _id: '0123456789abcdef01234567', email: 'admin@example.com' };

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

describe('session', () => {
  it("stores the token and the user under the spec's keys", () => {
    session.save({ token: 't1', user });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(session.userId()).toBe(user._id);
  });

  it('clears both keys', () => {
    session.save({ token: 't1', user });
    session.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(session.get()).toBeNull();
  });

  it('re-renders its users when it changes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => session.save({ token: 't2', user }));
    expect(result.current?.token).toBe('t2');
    act(() => session.clear());
    expect(result.current).toBeNull();
  });

  it('follows a logout in another tab', () => {
    session.save({ token: 't3', user });
    const { result } = renderHook(() => useSession());
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(result.current).toBeNull();
  });

  it('treats unreadable storage as no session', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(session.get()).toBeNull();
  });
});
