import { describe, expect, it } from 'vitest';
import { REDIRECT_TARGETS, ROUTES, routeOf } from './route-table';
import { CATEGORY_PATHS, paths, REDIRECT_PATHS, ROUTE_PATHS } from '../config/paths';

describe('typed paths', () => {
  it('name exactly the pages of the route table, and its redirects', () => {
    expect([...ROUTE_PATHS].sort()).toEqual(ROUTES.map((r) => r.path).sort());
    expect([...REDIRECT_PATHS].sort()).toEqual(Object.keys(REDIRECT_TARGETS).sort());
  });

  it('build addresses of pages that exist', () => {
    const built = [
      paths.home(),
      paths.login(),
      paths.register(),
      paths.registerHtml(),
      paths.pointMall(),
      paths.lottery(),
      paths.vnLottery(),
      paths.elott(),
      paths.rng(),
      paths.pvp(),
      paths.live(),
      paths.fish(),
      paths.sports(),
      paths.esports(),
      paths.inhouse(),
      paths.promotions(),
      paths.promoDetail(1),
      paths.seamless(),
      paths.helpCentre(),
      paths.help(),
      paths.download(),
      paths.game(),
    ];
    for (const address of built) expect(routeOf(new URL(address, 'http://x').pathname), address).toBeDefined();
    expect(REDIRECT_TARGETS[paths.downloadRedirect()]).toBe(paths.download());
    expect(CATEGORY_PATHS.map((p) => routeOf(p)?.handle.section)).toEqual(CATEGORY_PATHS.map(() => 'egame'));
  });

  it('encode the query: each value URI-encoded, in the order given, undefined values left out', () => {
    expect(paths.register({ referralCode: 'R010001' })).toBe('/register?referralCode=R010001');
    expect(paths.rng({ token: 'a b/c', page: 'PG' })).toBe('/rng?token=a%20b%2Fc&page=PG');
    expect(paths.game({ gameId: 1101, nodeId: 0, gameType: 'RNG', name: 'Lotus Safari' })).toBe(
      '/game?gameId=1101&nodeId=0&gameType=RNG&name=Lotus%20Safari',
    );
    expect(paths.promoDetail('a&b')).toBe('/promoDetail?id=a%26b');
    expect(paths.home({ world: undefined })).toBe('/');
    expect(paths.helpCentre({ category: 1 })).toBe('/helpmc?category=1');
  });
});
