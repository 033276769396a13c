// @vitest-environment happy-dom
import { act, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_IMAGE_URL } from '../config/constants';
import { setupDomTests } from '../testing/setup';
import { LazyImage } from './lazy-image';

setupDomTests();

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('LazyImage over a pre-rendered page', () => {
  it('counts an image the browser loaded before hydration as loaded, and tells its onLoad', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LazyImage src={PIXEL} alt="Banner" eager />);
    document.body.append(container);
    const img = container.querySelector('img')!;
    // The browser has the picture already; its load event went by with no handler attached.
    expect(img.complete).toBe(true);
    expect(img.dataset.state).toBe('loading');

    const onLoad = vi.fn();
    const root = await act(async () => hydrateRoot(container, <LazyImage src={PIXEL} alt="Banner" eager onLoad={onLoad} />));
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(img.dataset.state).toBe('loaded');
    expect(img.classList.contains('lazy-image--loaded')).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});

describe('LazyImage that cannot load', () => {
  it('after its retries shows the error image, and nothing (never a broken image) when that fails too, as offline', () => {
    const { container } = render(<LazyImage src="/assets/vendors/evo.png" alt="" eager />);
    const img = container.querySelector('img')!;
    // The first try and three retries fail.
    for (let i = 0; i < 4; i++) fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(ERROR_IMAGE_URL);
    expect(img.dataset.state).toBe('error');
    fireEvent.error(img);
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.style.visibility).toBe('hidden');
    expect(img.dataset.state).toBe('error');
  });
});
