import { useCallback, useState } from 'react';

/**
 * A value read from an element's layout (its width, whether it overflows), read again whenever the element or its
 * content is resized. `read` must be stable (a module-level function). The value is `initial` until laid out.
 */
export const useObservedSize = <T>(read: (element: HTMLElement) => T, initial: T) => {
  const [value, setValue] = useState<T>(initial);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof ResizeObserver === 'undefined') return;
      setValue(read(element));
      const observer = new ResizeObserver(() => setValue(read(element)));
      observer.observe(element);
      if (element.firstElementChild) observer.observe(element.firstElementChild);
      return () => observer.disconnect();
    },
    [read],
  );
  return [ref, value] as const;
};
