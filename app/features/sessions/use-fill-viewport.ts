import { useEffect, useState, type RefObject } from 'react';

let lastHeight: number | undefined;

/**
 * The height that takes an element from where it starts to the bottom of the window, so its
 * panes scroll inside it; the app header above wraps to different heights at different widths.
 */
export function useFillViewport(element: RefObject<HTMLElement | null>, margin = 16, minimum = 480): number | undefined {
  // The last height found: the next session opens at it, so its first measure (the same, as a rule) renders nothing again.
  const [height, setHeight] = useState<number | undefined>(lastHeight);
  useEffect(() => {
    const fit = () => {
      const top = element.current?.getBoundingClientRect().top;
      if (top === undefined) return;
      lastHeight = Math.max(minimum, Math.floor(window.innerHeight - top - window.scrollY - margin));
      setHeight(lastHeight);
    };
    // a ResizeObserver reports once on observe: that is the first measure
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [element, margin, minimum]);
  return height;
}
