import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import Slider, { type Settings } from 'react-slick';
import styles from './home.module.css';

/**
 * react-slick with a visible pause/play control (autoplaying content must be pausable, WCAG
 * 2.2.2). Loaded on demand by ProductSlider, with slick's CSS, when a slider comes near the
 * viewport: react-slick and its styles are not part of any page's first load.
 */
export default function Carousel({
  label,
  settings,
  children,
}: {
  label: string;
  settings: Settings;
  children: ReactNode;
}) {
  const slider = useRef<Slider>(null);
  const [playing, setPlaying] = useState(settings.autoplay === true);
  const toggle = () => {
    if (playing) slider.current?.slickPause();
    else slider.current?.slickPlay();
    setPlaying(!playing);
  };
  return (
    <div
      className={styles.carousel}
      style={{ '--slider-speed': `${settings.speed ?? 0}ms` } as CSSProperties}
    >
      {settings.autoplay ? (
        <button
          type="button"
          className={styles.playToggle}
          onClick={toggle}
          aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      ) : null}
      <Slider ref={slider} {...settings} accessibility>
        {children}
      </Slider>
    </div>
  );
}
