import { bus, type SitemapNode, type StartupContent } from '@shop/shared';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SiteMapMenu } from './SiteMapMenu';

const node = (
  id: number,
  name: string,
  child: SitemapNode[] = [],
  image: string | null = null,
): SitemapNode => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  image,
  child,
});

const sitemap = [
  node(1, 'Gifts', [
    node(11, 'Hampers', [node(111, 'Spa Sets'), node(112, 'Chocolate Boxes')], '/img/hampers.jpg'),
  ]),
  node(2, 'Toys', [node(21, 'Soft Toys', [node(211, 'Teddy Bears')])]),
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderMenu() {
  act(() => bus.publish('startup', { sitemap } as unknown as StartupContent));
  render(
    <MemoryRouter>
      <SiteMapMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("site-map menu behind 'All'", () => {
  it('shows the categories of the type in focus and the sub-categories of the category in focus', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    const menu = screen.getByRole('navigation', { name: 'All categories' });
    fireEvent.focus(within(menu).getByRole('link', { name: /Toys/ }));
    expect(within(menu).getByRole('list', { name: 'Categories of Toys' })).toHaveTextContent('Soft Toys');
    const leaf = within(menu).getByRole('link', { name: 'Teddy Bears' });
    expect(leaf).toHaveAttribute('href', '/products?type=toys&category=soft-toys&subCategory=teddy-bears');
  });

  it('shows a leaf image when a node has fewer than 5 children', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('img', { name: 'Hampers' })).toHaveAttribute('src', '/img/hampers.jpg');
  });

  it('closes on Escape, gives focus back to the button and unlocks the page scroll', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'All' });
    fireEvent.click(button);
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'All categories' })).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes when a leaf link is followed', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.click(screen.getByRole('link', { name: 'Spa Sets' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/products?type=gifts&category=hampers&subCategory=spa-sets',
    );
    expect(screen.queryByRole('navigation', { name: 'All categories' })).toBeNull();
  });
});
