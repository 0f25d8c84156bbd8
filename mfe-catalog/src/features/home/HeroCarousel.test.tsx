import type { HeroSlide } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HeroSlides } from './HeroCarousel';

const slides: HeroSlide[] = [1, 2, 3].map((id) => ({
  id,
  title: `Slide title ${id}`,
  sub_title: `Sub ${id}`,
  offer_tag: null,
  image: `/img/${id}.svg`,
  button_text: 'Shop now',
  button_link: '/products',
}));

const shown = () =>
  screen.getAllByRole('group', { name: /of 3$/ }).find((slide) => !slide.hasAttribute('inert'));

function renderHero() {
  render(
    <MemoryRouter>
      <HeroSlides slides={slides} />
    </MemoryRouter>,
  );
}

describe('hero carousel', () => {
  it('shows the slides as WebP renditions in the 1200 x 400 box, the first fetched at once and first', () => {
    const { container } = render(
      <MemoryRouter>
        <HeroSlides
          slides={slides.map((slide) => ({
            ...slide,
            image: `/backend/api/images/hero-slides/${slide.id}.svg`,
          }))}
        />
      </MemoryRouter>,
    );
    const [first, second] = container.querySelectorAll('img');
    expect(first).toHaveAttribute('src', '/backend/api/images/hero-slides/1/1200.webp');
    expect(first?.getAttribute('srcset')).toContain('/backend/api/images/hero-slides/1/800.webp 800w');
    expect(first).toHaveAttribute('sizes', '(max-width: 1240px) calc(100vw - 2rem), 1208px');
    expect(first).toHaveAttribute('width', '1200');
    expect(first).toHaveAttribute('height', '400');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('decoding', 'async');
  });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('moves on every 6 seconds and wraps around', () => {
    renderHero();
    expect(shown()).toHaveAccessibleName('1 of 3');
    act(() => jest.advanceTimersByTime(5999));
    expect(shown()).toHaveAccessibleName('1 of 3');
    act(() => jest.advanceTimersByTime(1));
    expect(shown()).toHaveAccessibleName('2 of 3');
    act(() => jest.advanceTimersByTime(6000));
    expect(shown()).toHaveAccessibleName('3 of 3');
    act(() => jest.advanceTimersByTime(6000));
    expect(shown()).toHaveAccessibleName('1 of 3');
  });

  it('holds while hovered and while its pause button says so', () => {
    renderHero();
    const carousel = screen.getByRole('button', { name: 'Pause featured slides' })
      .parentElement as HTMLElement;
    fireEvent.mouseEnter(carousel);
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toHaveAccessibleName('1 of 3');
    fireEvent.mouseLeave(carousel);
    fireEvent.click(screen.getByRole('button', { name: 'Pause featured slides' }));
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toHaveAccessibleName('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play featured slides' }));
    act(() => jest.advanceTimersByTime(6000));
    expect(shown()).toHaveAccessibleName('2 of 3');
  });

  it('is driven by its arrows, its dots and the arrow keys', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2' }));
    expect(shown()).toHaveAccessibleName('2 of 3');
    expect(screen.getByRole('button', { name: 'Slide 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next slide' }), { key: 'ArrowRight' });
    expect(shown()).toHaveAccessibleName('3 of 3');
  });
});
