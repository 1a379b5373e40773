import { describe, expect, it } from 'vitest';
import { userEvent } from './user-events.ts';

describe("the events the page's user raises (spec §2, §4)", () => {
  it('app ready once the page hydrated, logged in or not', () => {
    expect(userEvent(undefined, 'eu-buyer')).toEqual({ name: 'AppReady', payload: { isLoggedIn: true } });
    expect(userEvent(undefined, null)).toEqual({ name: 'AppReady', payload: { isLoggedIn: false } });
  });

  it("logged in when nobody was and somebody is (the login's redirect)", () => {
    expect(userEvent(null, 'eu-buyer')).toEqual({ name: 'UserLoggedIn', payload: { username: 'eu-buyer' } });
  });

  it('user changed, logged in, when another user replaced the one on the page (then the app goes to /)', () => {
    expect(userEvent('eu-buyer', 'nok-buyer')).toEqual({
      name: 'UserChanged',
      payload: { username: 'nok-buyer', isLoggedIn: true },
    });
  });

  it('user changed, logged out, when the session ended', () => {
    expect(userEvent('eu-buyer', null)).toEqual({
      name: 'UserChanged',
      payload: { username: null, isLoggedIn: false },
    });
  });

  it('nothing while the user stays the same', () => {
    expect(userEvent('eu-buyer', 'eu-buyer')).toBeNull();
    expect(userEvent(null, null)).toBeNull();
  });
});
