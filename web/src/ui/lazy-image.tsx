/**
 * Lazily loaded image (intersection threshold 0.1, preload factor 1.3, image cache
 * 200; a failed image retries up to 3 times, then shows the error image, or nothing when that fails
 * too, as offline).
 * Exported for the lobbies' game tiles and vendor logos.
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import {
  ERROR_IMAGE_URL,
  IMAGE_CACHE_SIZE,
  IMAGE_MAX_RETRIES,
  LAZY_PRELOAD_FACTOR,
  LAZY_THRESHOLD,
} from '../config/constants';

/** URLs already loaded once: shown at once, without waiting for the observer (LRU of 200). */
const loadedCache = new Map<string, true>();
function remember(src: string): void {
  loadedCache.delete(src);
  loadedCache.set(src, true);
  if (loadedCache.size > IMAGE_CACHE_SIZE) {
    const oldest = loadedCache.keys().next().value;
    if (oldest !== undefined) loadedCache.delete(oldest);
  }
}

// The preload factor widens the viewport by 30% for the observer: images start loading a little
// before they scroll into view.
const ROOT_MARGIN = `${Math.round((LAZY_PRELOAD_FACTOR - 1) * 100)}% 0px`;

function withRetry(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'loading'> {
  src: string;
  alt: string;
  /** Load at once (above the fold), still with retries. */
  eager?: boolean;
}

export function LazyImage({ src, alt, eager = false, className, onLoad, onError, style, ...rest }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(eager || loadedCache.has(src));
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(loadedCache.has(src));
  // The error image is the server's too: offline it fails as well, and the browser would draw its
  // broken-image mark. Then the image shows nothing (no source, hidden, its box kept), leaving what
  // is behind it.
  const [errorImageFailed, setErrorImageFailed] = useState(false);

  useEffect(() => {
    setAttempt(0);
    setErrorImageFailed(false);
    setLoaded(loadedCache.has(src));
    if (eager || loadedCache.has(src)) setVisible(true);
  }, [src, eager]);

  useEffect(() => {
    if (visible) return;
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_THRESHOLD, rootMargin: ROOT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);

  // An image the browser loaded before the app took the page over (a pre-rendered page's first
  // banner) sent its load event before any handler was there: found complete at mount, it gets its
  // load event again, so its state and its onLoad are as for any other image.
  useEffect(() => {
    const el = ref.current;
    if (el && el.complete && el.naturalWidth > 0 && el.dataset.state === 'loading') el.dispatchEvent(new Event('load'));
  }, []);

  const failed = attempt > IMAGE_MAX_RETRIES;
  const current = failed ? (errorImageFailed ? undefined : ERROR_IMAGE_URL) : visible ? withRetry(src, attempt) : undefined;

  return (
    <img
      ref={ref}
      {...rest}
      alt={alt}
      src={current}
      style={errorImageFailed ? { ...style, visibility: 'hidden' } : style}
      data-state={failed ? 'error' : loaded ? 'loaded' : 'loading'}
      className={`lazy-image${loaded ? ' lazy-image--loaded' : ''}${className ? ` ${className}` : ''}`}
      decoding="async"
      onLoad={(event) => {
        if (!failed) remember(src);
        setLoaded(true);
        onLoad?.(event);
      }}
      onError={(event) => {
        if (failed) {
          setErrorImageFailed(true);
          return;
        }
        setAttempt((a) => a + 1);
        onError?.(event);
      }}
    />
  );
}
