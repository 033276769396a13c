// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS } from '../config/constants';
import { setupDomTests } from '../testing/setup';
import { Carousel, type Slide } from './banner-carousel';

setupDomTests();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const slides = (n: number): Slide[] => Array.from({ length: n }, (_, i) => ({ id: i, image: PIXEL, title: `Banner ${i + 1}` }));

const region = () => screen.getByRole('region', { name: 'Offers' });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Carousel (autoplay 5000 ms, loops with more than one banner)', () => {
  it('moves every 5000 ms and loops back to the first', () => {
    render(<Carousel slides={slides(3)} label="Offers" />);
    expect(BANNER_AUTOPLAY_MS).toBe(5000);
    expect(region().dataset.slide).toBe('0');
    tick(BANNER_AUTOPLAY_MS - 1);
    expect(region().dataset.slide).toBe('0');
    tick(1);
    expect(region().dataset.slide).toBe('1');
    tick(BANNER_AUTOPLAY_MS);
    expect(region().dataset.slide).toBe('2');
    tick(BANNER_AUTOPLAY_MS);
    expect(region().dataset.slide).toBe('0');
  });

  it('waits for the next picture while it loads, and moves on as soon as it is in', () => {
    // An address the test DOM does not fetch: the second picture stays on its way until told.
    const list = slides(3).map((s, i) => (i === 1 ? { ...s, image: '/assets/banner/slow.svg' } : s));
    render(<Carousel slides={list} label="Offers" />);
    const second = region().querySelectorAll('img')[1];
    expect(second?.getAttribute('src')).toBe('/assets/banner/slow.svg');
    tick(BANNER_AUTOPLAY_MS * 3);
    expect(region().dataset.slide).toBe('0');
    fireEvent.load(second!);
    tick(0);
    expect(region().dataset.slide).toBe('1');
    // The slide shown late still has its full time.
    tick(BANNER_AUTOPLAY_MS - 1);
    expect(region().dataset.slide).toBe('1');
    tick(1);
    expect(region().dataset.slide).toBe('2');
  });

  it('gives up waiting for a picture that fails', () => {
    const list = slides(2).map((s, i) => (i === 1 ? { ...s, image: '/assets/banner/broken.svg' } : s));
    render(<Carousel slides={list} label="Offers" />);
    tick(BANNER_AUTOPLAY_MS);
    expect(region().dataset.slide).toBe('0');
    fireEvent.error(region().querySelectorAll('img')[1]!);
    tick(0);
    expect(region().dataset.slide).toBe('1');
  });

  it('with one banner: no autoplay, no arrows, no dots', () => {
    render(<Carousel slides={slides(1)} label="Offers" />);
    tick(BANNER_AUTOPLAY_MS * 3);
    expect(region().dataset.slide).toBe('0');
    expect(screen.queryByRole('button', { name: 'Next banner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show banner 1' })).toBeNull();
  });

  it('renders nothing without banners', () => {
    const { container } = render(<Carousel slides={[]} label="Offers" />);
    expect(container.innerHTML).toBe('');
  });

  it('pauses while hovered and resumes when left', () => {
    render(<Carousel slides={slides(2)} label="Offers" />);
    fireEvent.mouseEnter(region());
    tick(BANNER_AUTOPLAY_MS * 2);
    expect(region().dataset.slide).toBe('0');
    fireEvent.mouseLeave(region());
    tick(BANNER_AUTOPLAY_MS);
    expect(region().dataset.slide).toBe('1');
  });

  it('arrows and dots move it, and only the shown slide is exposed', () => {
    render(<Carousel slides={slides(3)} label="Offers" />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(region().dataset.slide).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    expect(region().dataset.slide).toBe('1');
    expect(screen.getByRole('button', { name: 'Show banner 2' }).getAttribute('aria-current')).toBe('true');
    const hidden = region().querySelectorAll('[aria-roledescription="slide"][aria-hidden="true"]');
    expect(hidden).toHaveLength(2);
  });
});
