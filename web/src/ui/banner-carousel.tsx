/**
 * Banner carousel: shown only when the route's group has banners; autoplays every
 * 5000 ms and loops only with more than one banner. Pauses on hover and keyboard focus; dots and
 * arrow keys move between slides. Autoplay never moves on to a slide whose picture is still
 * loading: it moves once the picture is in, as soon as the slide before has had its 5000 ms.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_AUTOPLAY_MS } from '../config/constants';
import { LazyImage } from './lazy-image';
import { Skeleton } from './spinner';
import './banner-carousel.css';

export interface Slide {
  id: string | number;
  image: string;
  title: string;
  /** Called when the slide is activated; absent: the slide is not interactive. */
  onSelect?: () => void;
}

export interface CarouselProps {
  slides: readonly Slide[];
  label: string;
  interval?: number;
  className?: string;
}

/** A set of slide indexes with `i` in it; the same set when it is already there (no re-render). */
const withSlide = (i: number) => (set: ReadonlySet<number>) => (set.has(i) ? set : new Set(set).add(i));

export function Carousel({ slides, label, interval = BANNER_AUTOPLAY_MS, className }: CarouselProps) {
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const multiple = count > 1;

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [count, index]);

  // Slides whose image may load: the first at once, each next one once the shown slide's image is
  // in (ready long before autoplay moves on), and any slide once shown. Hidden slides would
  // otherwise all load with the page, competing with its largest paint.
  const [warm, setWarm] = useState<ReadonlySet<number>>(() => new Set([0]));
  const warmUp = useCallback((i: number) => setWarm(withSlide(i)), []);
  useEffect(() => warmUp(index), [index, warmUp]);

  // Slides whose picture has loaded or given up. On a slow connection the next picture can still be
  // on its way when the slide before has had its time; showing its slide then would show an empty
  // frame, and the picture arriving later would be painted as the page's largest paint.
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set());
  const settle = useCallback((i: number) => setSettled(withSlide(i)), []);
  const nextLoading = multiple && warm.has((index + 1) % count) && !settled.has((index + 1) % count);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  // Autoplay and loop only with more than one banner; paused while hovered or focused. The slide's
  // time counts from when it was shown or the pause ended, so waiting for a picture does not add to it.
  const paused = hovered || focused;
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, [index, paused]);
  useEffect(() => {
    if (!multiple || paused || nextLoading) return;
    const timer = window.setTimeout(() => go(index + 1), Math.max(0, interval - (Date.now() - shownAt.current)));
    return () => window.clearTimeout(timer);
  }, [multiple, paused, nextLoading, index, interval, go]);

  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!multiple) return;
    const rtl = document.documentElement.dir === 'rtl';
    if (event.key === 'ArrowRight') go(index + (rtl ? -1 : 1));
    else if (event.key === 'ArrowLeft') go(index + (rtl ? 1 : -1));
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription={t('carousel')}
      aria-label={label}
      data-slide={index}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="carousel__viewport" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => {
          const active = i === index;
          const loaded = () => {
            settle(i);
            if (active && multiple) warmUp((i + 1) % count);
          };
          // The first slide is the largest paint of most pages: fetched first.
          const picture =
            active || warm.has(i) ? (
              <LazyImage
                src={slide.image}
                alt={slide.title}
                eager
                fetchPriority={i === 0 ? 'high' : undefined}
                className="carousel__image"
                onLoad={loaded}
                onError={loaded}
              />
            ) : null;
          return (
            <div
              key={slide.id}
              className={`carousel__slide${active ? ' carousel__slide--active' : ''}`}
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('slide_of', { n: i + 1, total: count })}
              aria-hidden={!active}
              inert={!active}
            >
              {slide.onSelect ? (
                <button type="button" className="carousel__link" onClick={slide.onSelect} aria-label={slide.title}>
                  {picture}
                </button>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </div>
      {multiple ? (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={t('previous_slide')} onClick={() => go(index - 1)}>
            <span aria-hidden="true" className="flip-rtl">‹</span>
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('next_slide')} onClick={() => go(index + 1)}>
            <span aria-hidden="true" className="flip-rtl">›</span>
          </button>
          <div className="carousel__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('go_to_slide', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** Skeleton with the carousel's proportions, while a group's banners load. */
export function CarouselSkeleton() {
  return (
    <div className="carousel carousel--skeleton" aria-hidden="true">
      <Skeleton height="100%" width="100%" radius={16} />
    </div>
  );
}
