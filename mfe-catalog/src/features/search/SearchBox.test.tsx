import { SEARCH_TEXT_MAX } from '@shop/contract/validation/keyword';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { installFakeBackend, ok } from '@shop/shared/test/fake-backend';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SearchBox } from './SearchBox';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search products' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const search = (text: string) => {
  type(text);
  fireEvent.submit(box().closest('form') as HTMLFormElement);
};

const suggestions = {
  products: [{ id: 1, slug: 'red-mug', title: 'Red Mug', image: '/img/1.jpg' }],
  types: [{ slug: 'gifts', name: 'Gifts' }],
  categories: [{ slug: 'mugs', name: 'Mugs', type: { slug: 'gifts', name: 'Gifts' } }],
  sub_categories: [],
};
const empty = { products: [], types: [], categories: [], sub_categories: [] };

/** The network edge: the API client calls the global fetch. */
function answer(bodies: Record<string, unknown>) {
  return installFakeBackend((call) => ok(bodies[call.path])).fetch;
}
const calledPaths = (mock: jest.Mock) => mock.mock.calls.map(([url]) => String(url));

describe('SearchBox', () => {
  it('goes to /products?q= on Enter', () => {
    renderAt('/');
    search('mug');
    expect(screen.getByTestId('where')).toHaveTextContent('/products?q=mug');
  });

  it('on /products changes only the query and keeps the other filters', () => {
    renderAt('/products?type=gifts&page=3');
    search('candle');
    expect(screen.getByTestId('where')).toHaveTextContent('/products?type=gifts&q=candle');
  });

  it('an empty query on /products reloads the plain list', () => {
    renderAt('/products?q=old');
    search('  ');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/products$/);
  });

  it('an empty query on a filtered listing also goes back to the plain list', () => {
    renderAt('/products?type=gifts&q=old&hot=1&page=2');
    search('');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/products$/);
  });

  it(`stops typing at the API's limit of ${SEARCH_TEXT_MAX} characters`, () => {
    renderAt('/');
    expect(box()).toHaveAttribute('maxLength', String(SEARCH_TEXT_MAX));
  });
});

describe('suggestions overlay', () => {
  it('asks for nothing under 3 characters', async () => {
    const fetchMock = answer({ suggestions, 'top-searched-products': { items: [] } });
    renderAt('/');
    type('mu');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Suggestions, Matching Results In and Top Searched after 3 characters', async () => {
    const fetchMock = answer({
      suggestions,
      'top-searched-products': {
        items: [{ id: 9, slug: 'teddy', title: 'Teddy Bear', image: '/img/9.jpg' }],
      },
    });
    renderAt('/');
    type('mug');
    expect(await screen.findByRole('option', { name: 'Red Mug' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Suggestions' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Matching Results In' })).toHaveTextContent('Mugs in Gifts');
    expect(screen.getByRole('option', { name: 'Teddy Bear' })).toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain('/backend/api/suggestions?q=mug');
  });

  it('moves through the results with the arrow keys, opens one with Enter, closes with Escape', async () => {
    answer({ suggestions, 'top-searched-products': { items: [] } });
    renderAt('/');
    type('mug');
    await screen.findByRole('option', { name: 'Red Mug' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Gifts' })).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Gifts' }).id);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    await screen.findByRole('option', { name: 'Red Mug' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/product/red-mug');
  });

  it('says "No matching found!" when nothing matches', async () => {
    answer({ suggestions: empty, 'top-searched-products': { items: [] } });
    renderAt('/');
    type('zzzq');
    expect(await screen.findByText('No matching found!')).toBeVisible();
  });

  it('closes again when the text drops to 2 characters', async () => {
    answer({ suggestions, 'top-searched-products': { items: [] } });
    renderAt('/');
    type('mug');
    await screen.findByRole('option', { name: 'Red Mug' });
    type('mu');
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'false'));
  });
});
