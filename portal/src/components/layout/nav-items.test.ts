import { describe, expect, it } from 'vitest';
import { bottomItemsFor, currentDestination, destinationsFor } from './nav-items';

describe('currentDestination', () => {
  const items = [{ to: '/' }, { to: '/admin' }, { to: '/admin/withdrawals' }, { to: '/campaigns' }];

  it.each([
    ['/', '/'],
    ['/campaigns', '/campaigns'],
    ['/campaigns/abc', '/campaigns'],
    ['/admin/users', '/admin'],
    ['/admin/withdrawals', '/admin/withdrawals'],
    ['/admin/withdrawals/x', '/admin/withdrawals'],
    ['/campaignsx', undefined],
    ['/account', undefined],
  ])('puts %s under %s', (path, expected) => {
    expect(currentDestination(items, path)).toBe(expected);
  });
});

describe('the phone navigation', () => {
  it.each(['creator', 'brand', 'admin'] as const)(
    'gives the %s at most five bar entries, home first, all in the drawer',
    (role) => {
      const bar = bottomItemsFor(role).map((item) => item.to);
      const drawer = destinationsFor(role).map((item) => item.to);
      expect(bar.length).toBeGreaterThanOrEqual(3);
      expect(bar.length).toBeLessThanOrEqual(5);
      expect(bar[0]).toBe('/');
      expect(bar.filter((to) => !drawer.includes(to))).toEqual([]);
    },
  );

  it('has nothing for no session', () => {
    expect(destinationsFor(undefined)).toEqual([]);
    expect(bottomItemsFor(undefined)).toEqual([]);
  });
});
