/**
 * Banner carousel: shown only when the route's group has banners; autoplays every
 * 5000 ms and loops only with more than one banner. Pauses on hover and keyboard focus; dots and
 * arrow keys move between slides.
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
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
  const warmUp = useCallback((i: number) => setWarm((w) => (w.has(i) ? w : new Set(w).add(i))), []);
  useEffect(() => warmUp(index), [index, warmUp]);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  // Autoplay and loop only with more than one banner; paused while hovered or focused.
  useEffect(() => {
    if (!multiple || hovered || focused) return;
    const timer = window.setTimeout(() => go(index + 1), interval);
    return () => window.clearTimeout(timer);
  }, [multiple, hovered, focused, index, interval, go]);

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
      <div className="carousel__viewport" aria-live={hovered || focused ? 'polite' : 'off'}>
        {slides.map((slide, i) => {
          const active = i === index;
          const readyNext = active && multiple ? () => warmUp((i + 1) % count) : undefined;
          // The first slide is the largest paint of most pages: fetched first.
          const picture =
            active || warm.has(i) ? (
              <LazyImage
                src={slide.image}
                alt={slide.title}
                eager
                fetchPriority={i === 0 ? 'high' : undefined}
                className="carousel__image"
                onLoad={readyNext}
                onError={readyNext}
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
