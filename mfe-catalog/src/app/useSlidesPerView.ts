import { SLIDER_BREAKPOINTS, SLIDER_SLIDES_PER_VIEW } from '../constants';
import { useMediaQuery } from './useMediaQuery';

/**
 * Slides a product slider shows at the window's width (spec 000 §9: 1, 2, 3 up to 320, 700,
 * 960 px; 4 above). Computed here rather than by react-slick's `responsive` option: react-slick
 * 0.31 only listens for media-query *changes* and never applies the breakpoint the page opens
 * at, so a phone got the desktop's four 55 px cards until the window was resized.
 */
export function useSlidesPerView(): number {
  const [upTo320, upTo700, upTo960] = [
    useMediaQuery(`(max-width: ${SLIDER_BREAKPOINTS[0].width}px)`),
    useMediaQuery(`(max-width: ${SLIDER_BREAKPOINTS[1].width}px)`),
    useMediaQuery(`(max-width: ${SLIDER_BREAKPOINTS[2].width}px)`),
  ];
  if (upTo320) return SLIDER_BREAKPOINTS[0].slides;
  if (upTo700) return SLIDER_BREAKPOINTS[1].slides;
  if (upTo960) return SLIDER_BREAKPOINTS[2].slides;
  return SLIDER_SLIDES_PER_VIEW;
}
