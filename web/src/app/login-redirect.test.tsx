// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, useNavigation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setupDomTests } from '../testing/setup';
import { LoginRedirect } from './login-redirect';

setupDomTests();

let layoutRenders = 0;

/** A layout that renders again on every router state change, as the shell does (useMatches). */
function GuardedLayout() {
  const { pathname, search } = useLocation();
  useNavigation();
  layoutRenders += 1;
  // A navigation storm would never let the test's timers run: stop redirecting and let it fail.
  if (layoutRenders > 100) return <p>navigation storm</p>;
  return pathname === '/login' ? <Outlet /> : <LoginRedirect from={pathname + search} />;
}

describe('the login-before-home redirect', () => {
  it('starts one navigation to /login while its chunk loads, and passes the asked-for address', async () => {
    let loginLoads = 0;
    let releaseChunk = () => {};
    const chunk = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    function LoginPage() {
      const { state } = useLocation() as { state: { from?: string } | null };
      return <p>login page, from {state?.from}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: <GuardedLayout />,
          children: [
            { path: '/rng', element: <p>rng</p> },
            {
              path: '/login',
              loader: () => {
                loginLoads += 1;
                return null;
              },
              lazy: async () => {
                await chunk;
                return { Component: LoginPage };
              },
            },
          ],
        },
      ],
      { initialEntries: ['/rng?page=PG'] },
    );
    render(<RouterProvider router={router} />);
    // Let the pending navigation go through several renders before the chunk arrives.
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseChunk();
    expect(await screen.findByText('login page, from /rng?page=PG')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(loginLoads).toBe(1);
    router.dispose();
  });
});
