import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOGIN_FREE_PATHS, layoutFor } from './layout-table';
import { CATEGORY_ROUTES, NOT_FOUND_ROUTE, REDIRECT_TARGETS, ROUTES, SECTION_NAMES, routeOf } from './route-table';
import { SECTION_OF_PATH } from './section-table';

describe('the one route table', () => {
  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('derives the login-free list from the routes (no path that is not a route)', () => {
    expect([...LOGIN_FREE_PATHS].sort()).toEqual(['/down', '/helpmc', '/login', '/register', '/register.html']);
    expect(LOGIN_FREE_PATHS).not.toContain('/download');
  });
  it('derives the section table from the routes', () => {
    expect(SECTION_OF_PATH['/login']).toBe('index');
    expect(SECTION_OF_PATH['/down']).toBe('download');
    for (const path of CATEGORY_ROUTES) expect(SECTION_OF_PATH[path]).toBe('egame');
    expect(Object.keys(SECTION_OF_PATH)).toEqual(ROUTES.map((r) => r.path));
  });
  it('gives every section a chunk module of its own, and uses every one', () => {
    const used = new Set([...ROUTES, NOT_FOUND_ROUTE].map((r) => r.handle.section));
    expect([...used].sort()).toEqual([...SECTION_NAMES].sort());
    for (const name of SECTION_NAMES) expect(existsSync(new URL(`./sections/${name}.ts`, import.meta.url))).toBe(true);
  });
  it('opens the login modal on /login only', () => {
    expect(routeOf('/login')?.handle.opens).toBe('login');
    expect(ROUTES.filter((r) => r.handle.opens).map((r) => r.path)).toEqual(['/login']);
  });
  it('matches paths as the router does: exact case, trailing slash ignored', () => {
    expect(routeOf('/pointMall/')?.handle.section).toBe('pointMall');
    expect(routeOf('/pointmall')).toBeUndefined();
    expect(layoutFor('/pointmall')).toBe(NOT_FOUND_ROUTE.handle.layout);
  });
  it('leads /download to /down, and keeps /download out of the page tables', () => {
    expect(REDIRECT_TARGETS['/download']).toBe('/down');
    expect(routeOf('/download')).toBeUndefined();
    expect(Object.keys(SECTION_OF_PATH)).not.toContain('/download');
    // The redirect itself, in a router: app/redirect-with-query.test.tsx.
  });
});
