// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REDIRECTS } from './route-table';

describe('the redirect routes of the route table', () => {
  it('lead /download to /down with its query', async () => {
    let location: Location | undefined;
    function Where() {
      location = useLocation();
      return null;
    }
    const view = render(
      <MemoryRouter initialEntries={['/download?lang=UR']}>
        <Routes>
          {REDIRECTS.map((r) => (
            <Route key={r.path} path={r.path} caseSensitive={r.caseSensitive} element={r.element} />
          ))}
          <Route path="/down" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(location?.pathname).toBe('/down'));
    expect(location?.search).toBe('?lang=UR');
    view.unmount();
  });
});
