import {
  RENDITION_WIDTHS,
  renditionUrl,
  responsiveImage,
  widthsOfRole,
  widthsOnlyOf,
} from './responsiveImage';

describe('responsiveImage', () => {
  it('offers a card WebP renditions from 160 to 480 px, half the window on phones, 240 px beyond', () => {
    expect(responsiveImage('/backend/api/images/products/12.svg', 'card')).toEqual({
      src: '/backend/api/images/products/12/320.webp',
      srcSet:
        '/backend/api/images/products/12/160.webp 160w, /backend/api/images/products/12/320.webp 320w, /backend/api/images/products/12/480.webp 480w',
      sizes: '(max-width: 599px) calc(50vw - 38px), 240px',
      width: 240,
      height: 240,
    });
  });

  it('keeps the gallery view of a product picture in every rendition', () => {
    const image = responsiveImage('/backend/api/images/products/7.svg?view=2', 'gallery');
    expect(image.src).toBe('/backend/api/images/products/7/640.webp?view=2');
    expect(image.srcSet?.split(', ')).toEqual([
      '/backend/api/images/products/7/320.webp?view=2 320w',
      '/backend/api/images/products/7/480.webp?view=2 480w',
      '/backend/api/images/products/7/640.webp?view=2 640w',
      '/backend/api/images/products/7/960.webp?view=2 960w',
    ]);
    expect([image.width, image.height]).toEqual([480, 480]);
  });

  it('gives the hero the 1200 x 400 box of the home slider and the content width', () => {
    const hero = responsiveImage('https://shop.example/backend/api/images/hero-slides/1.svg', 'hero');
    expect(hero.src).toBe('https://shop.example/backend/api/images/hero-slides/1/1200.webp');
    expect(hero.sizes).toBe('(max-width: 1240px) calc(100vw - 2rem), 1208px');
    expect([hero.width, hero.height]).toEqual([1200, 400]);
  });

  it('offers the renditions of a picture an admin uploaded, as the hero and as a card', () => {
    const hero = responsiveImage('/backend/api/images/uploaded/42.webp', 'hero');
    expect(hero).toEqual({
      src: '/backend/api/images/uploaded/42/1200.webp',
      srcSet:
        '/backend/api/images/uploaded/42/480.webp 480w, /backend/api/images/uploaded/42/800.webp 800w, /backend/api/images/uploaded/42/1200.webp 1200w, /backend/api/images/uploaded/42/1600.webp 1600w',
      sizes: '(max-width: 1240px) calc(100vw - 2rem), 1208px',
      width: 1200,
      height: 400,
    });
    const card = responsiveImage('https://shop.example/backend/api/images/uploaded/7.webp', 'card');
    expect(card.src).toBe('https://shop.example/backend/api/images/uploaded/7/320.webp');
    expect(renditionUrl('/backend/api/images/uploaded/7.webp', 64)).toBe(
      '/backend/api/images/uploaded/7/64.webp',
    );
  });

  it('sizes a fixed box in CSS pixels and falls back to the smallest rendition that fills it', () => {
    const thumb = responsiveImage('/backend/api/images/packaging/3.svg', { fixed: 96 });
    expect(thumb).toMatchObject({
      src: '/backend/api/images/packaging/3/128.webp',
      sizes: '96px',
      width: 96,
      height: 96,
    });
    expect(thumb.srcSet).toContain('/backend/api/images/packaging/3/64.webp 64w');
    expect(responsiveImage('/backend/api/images/products/3.svg', { fixed: 400 }).src).toBe(
      '/backend/api/images/products/3/320.webp',
    );
  });

  it.each([
    'blob:https://shop.example/5d6c',
    'data:image/png;base64,AAAA',
    '/backend/api/uploads/logos/abc.png',
    '/backend/api/images/products/12.svg?view=x',
    '/backend/api/images/products/abc.svg',
    '/backend/api/images/uploaded/7.png',
    '/backend/api/images/uploaded/x.webp',
    '/backend/api/images/uploaded/7/320.webp',
  ])('leaves a source without renditions as it is: %s', (src) => {
    const image = responsiveImage(src, 'card');
    expect(image).toEqual({
      src,
      sizes: '(max-width: 599px) calc(50vw - 38px), 240px',
      width: 240,
      height: 240,
    });
    expect(renditionUrl(src, 320)).toBeNull();
  });

  it('lists every width a role offers among the widths the backend renders', () => {
    for (const role of ['card', 'hero', 'gallery', 'tile', { fixed: 64 }] as const) {
      for (const width of widthsOfRole(role)) expect(RENDITION_WIDTHS).toContain(width);
    }
    expect(RENDITION_WIDTHS).toEqual([...RENDITION_WIDTHS].sort((a, b) => a - b));
  });
});

describe('widthsOnlyOf', () => {
  it('names the hero widths no other role or box asks for', () => {
    expect(widthsOnlyOf('hero')).toEqual([800, 1200, 1600]);
    expect(widthsOnlyOf('tile')).toEqual([]);
  });
});
