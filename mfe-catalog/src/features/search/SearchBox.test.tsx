import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
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

const search = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: text } });
  fireEvent.submit(screen.getByRole('searchbox').closest('form') as HTMLFormElement);
};

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
});
