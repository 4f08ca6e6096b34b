import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height that takes an element from where it starts to the bottom of the window (less
 * `bottomGap`), kept as the window resizes or what is above it (banners, record tabs) changes:
 * a screen of panes that scroll themselves, with no page scroll.
 */
export function useFillViewport<E extends HTMLElement>(bottomGap = 0) {
  const ref = useRef<E>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(360, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [bottomGap]);
  return [ref, height] as const;
}
