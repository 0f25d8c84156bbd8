import { responsiveImage } from '@shop/contract/media';
import type { GalleryEntry } from '@shop/shared';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, useState } from 'react';
import { GALLERY_ZOOM_FACTOR } from '../../constants';
import styles from './product.module.css';

const PAN_STEP = 10;

/**
 * Images and videos with thumbnails. Hovering the image, or pressing the zoom toggle, shows a
 * magnified view; with the toggle on, the arrow keys move the magnified spot.
 */
export function Gallery({ title, entries }: { title: string; entries: readonly GalleryEntry[] }): ReactNode {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [spot, setSpot] = useState({ x: 50, y: 50 });
  const entry = entries[Math.min(index, entries.length - 1)];
  if (!entry) return null;

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setSpot({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!zoomed) return;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    const clamp = (value: number) => Math.max(0, Math.min(100, value));
    setSpot((old) => ({ x: clamp(old.x + move[0]), y: clamp(old.y + move[1]) }));
  };
  const magnified: CSSProperties = {
    backgroundImage: `url("${entry.image}")`,
    backgroundSize: `${GALLERY_ZOOM_FACTOR * 100}%`,
    backgroundPosition: `${spot.x}% ${spot.y}%`,
  };

  return (
    <div className={styles.gallery}>
      <figure className={styles.stage}>
        {entry.type === 'Video' && entry.video_link ? (
          <iframe
            className={styles.video}
            src={entry.video_link}
            title={entry.caption ? `${title}: ${entry.caption}` : `${title} video`}
            allow="encrypted-media; picture-in-picture"
            // The player's scripts run (YouTube needs its own origin's storage); it cannot navigate
            // the shop's page, open pop-ups or submit forms.
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allowFullScreen
          />
        ) : (
          <>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: hover zoom is a mouse nicety; keyboard users have the zoom toggle below */}
            <div
              className={styles.zoomArea}
              onMouseEnter={() => setHovering(true)}
              onMouseLeave={() => setHovering(false)}
              onMouseMove={onMove}
            >
              <img
                {...responsiveImage(entry.image, 'gallery')}
                className={styles.mainImage}
                alt={title}
                decoding="async"
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              {zoomed || hovering ? (
                <div className={styles.magnified} style={magnified} aria-hidden="true" data-testid="zoom" />
              ) : null}
            </div>
            <button
              type="button"
              className={styles.zoomToggle}
              aria-pressed={zoomed}
              onClick={() => setZoomed((on) => !on)}
              onKeyDown={onKeyDown}
            >
              {zoomed ? 'Close zoom' : 'Zoom image'}
            </button>
          </>
        )}
        {entry.caption ? <figcaption>{entry.caption}</figcaption> : null}
      </figure>
      {entries.length > 1 ? (
        <ul className={styles.thumbnails} aria-label="Gallery">
          {entries.map((item, position) => (
            <li key={item.id}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-current={position === index ? 'true' : undefined}
                aria-label={`Show ${item.type === 'Video' ? 'video' : 'image'} ${position + 1} of ${entries.length}`}
                onClick={() => {
                  setIndex(position);
                  setZoomed(false);
                }}
              >
                <img {...responsiveImage(item.image, { fixed: 64 })} alt="" loading="lazy" decoding="async" />
                {item.type === 'Video' ? (
                  <span className={styles.play} aria-hidden="true">
                    ▶
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
