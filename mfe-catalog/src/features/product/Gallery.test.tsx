import type { GalleryEntry } from '@shop/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { Gallery } from './Gallery';

const entries: GalleryEntry[] = [
  { id: 1, type: 'Image', image: '/img/oak.svg?view=1', video_link: null, caption: 'Front' },
  { id: 2, type: 'Image', image: '/img/oak.svg?view=2', video_link: null, caption: null },
  {
    id: 3,
    type: 'Video',
    image: '/img/oak.svg?view=3',
    video_link: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    caption: null,
  },
];

describe('product gallery', () => {
  it('shows a catalogue picture as WebP renditions of its view, sized by the layout, fetched first', () => {
    const api = '/backend/api/images/products/7';
    render(
      <Gallery
        title="Oak box"
        entries={[
          { id: 1, type: 'Image', image: `${api}.svg?view=1`, video_link: null, caption: null },
          { id: 2, type: 'Image', image: `${api}.svg?view=2`, video_link: null, caption: null },
        ]}
      />,
    );
    const main = screen.getByRole('img', { name: 'Oak box' });
    expect(main).toHaveAttribute('src', `${api}/640.webp?view=1`);
    expect(main.getAttribute('srcset')).toContain(`${api}/320.webp?view=1 320w`);
    expect(main.getAttribute('sizes')).toMatch(/^\(max-width: 767px\)/);
    expect(main).toHaveAttribute('width', '480');
    expect(main).toHaveAttribute('height', '480');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('decoding', 'async');
    const thumbnail = screen.getByRole('button', { name: 'Show image 2 of 2' }).querySelector('img');
    expect(thumbnail).toHaveAttribute('sizes', '64px');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail?.getAttribute('srcset')).toContain(`${api}/128.webp?view=2 128w`);
  });

  it('shows the first entry and switches with the thumbnails', () => {
    render(<Gallery title="Oak box" entries={entries} />);
    expect(screen.getByRole('img', { name: 'Oak box' })).toHaveAttribute('src', '/img/oak.svg?view=1');
    expect(screen.getByText('Front')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(screen.getByRole('img', { name: 'Oak box' })).toHaveAttribute('src', '/img/oak.svg?view=2');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('plays a video entry in an embedded player', () => {
    render(<Gallery title="Oak box" entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show video 3 of 3' }));
    const player = screen.getByTitle('Oak box video');
    expect(player).toHaveAttribute('src', 'https://www.youtube.com/embed/aqz-KE-bpKQ');
    // Sandboxed: the player's scripts run, but it cannot navigate the page, open pop-ups or submit forms.
    expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    expect(screen.queryByRole('button', { name: 'Zoom image' })).toBeNull();
  });

  it('zooms on hover and with the toggle, whose arrow keys move the magnified spot', () => {
    render(<Gallery title="Oak box" entries={entries} />);
    const image = screen.getByRole('img', { name: 'Oak box' });
    fireEvent.mouseEnter(image.parentElement as HTMLElement);
    expect(screen.getByTestId('zoom')).toHaveStyle({ backgroundImage: 'url("/img/oak.svg?view=1")' });
    fireEvent.mouseLeave(image.parentElement as HTMLElement);
    expect(screen.queryByTestId('zoom')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Zoom image' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close zoom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('zoom')).toHaveStyle({ backgroundPosition: '50% 50%' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close zoom' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close zoom' }), { key: 'ArrowUp' });
    expect(screen.getByTestId('zoom')).toHaveStyle({ backgroundPosition: '60% 40%' });
  });
});
