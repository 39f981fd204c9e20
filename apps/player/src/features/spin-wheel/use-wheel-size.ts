import { useEffect, useState } from 'react';
import { WHEEL_RESIZE_DEBOUNCE_MS } from './constants.ts';
import { wheelSize } from './wheel-geometry.ts';

/** The wheel's CSS size, set up again 500 ms after the last resize (docs/spec.md §9). */
export function useWheelSize(): number {
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSize(window.innerWidth)), WHEEL_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}
