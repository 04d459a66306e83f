import { EXPLORE_BREAKPOINTS } from '@neura/contract';
import { useEffect, useState } from 'react';

/** Slides per view for a viewport width (SPEC.md §9): the last breakpoint whose minWidth fits. */
export function slidesPerViewFor(width: number): number {
  let value = EXPLORE_BREAKPOINTS[0]?.slidesPerView ?? 1.5;
  for (const bp of EXPLORE_BREAKPOINTS) if (width >= bp.minWidth) value = bp.slidesPerView;
  return value;
}

export function useSlidesPerView(): number {
  const [value, setValue] = useState(() => slidesPerViewFor(typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setValue(slidesPerViewFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return value;
}
