// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setupDomTests } from '../testing/setup';
import { AppBrowserRouter } from './routes';

setupDomTests();

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/**
 * Changes the address while the router's first render is under way, before the router subscribes
 * to the history: as a back button, or a script's history change, during a hydration that yields.
 */
function MovesOnFirstRender({ to }: { to: string }) {
  const moved = useLocation().pathname === to;
  if (!moved && window.location.pathname !== to) {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }
  return null;
}

describe('the browser router', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('follows a history change made elsewhere', async () => {
    history.replaceState(null, '', '/');
    render(
      <AppBrowserRouter>
        <Where />
      </AppBrowserRouter>,
    );
    expect(screen.getByText('at /')).toBeTruthy();
    history.pushState(null, '', '/no-such-page');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByText('at /no-such-page')).toBeTruthy();
  });

  it('goes where the address is when it changed before the router subscribed', async () => {
    history.replaceState(null, '', '/');
    render(
      <AppBrowserRouter>
        <Where />
        <MovesOnFirstRender to="/no-such-page" />
      </AppBrowserRouter>,
    );
    expect(await screen.findByText('at /no-such-page')).toBeTruthy();
  });
});
