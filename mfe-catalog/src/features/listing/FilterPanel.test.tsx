import { filtersFromParams, type ListingFilters } from '@shop/contract/listing';
import type { ProductListing } from '@shop/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AttributeFilters, CategoryTree, PriceFilter } from './FilterPanel';

const facets: ProductListing['filters'] = {
  productTypes: [
    { slug: 'gifts', name: 'Gifts', products_count: 40 },
    { slug: 'home', name: 'Home', products_count: 12 },
  ],
  productCategories: [{ slug: 'mugs', name: 'Mugs', products_count: 9 }],
  productSubCategories: [],
  attributes: [
    {
      name: 'Colour',
      values: [
        { value: 'Red', products_count: 7 },
        { value: 'Blue', products_count: 3 },
      ],
    },
    { name: 'Size', values: [{ value: 'L', products_count: 5 }] },
  ],
};

const at = (search: string) => filtersFromParams(new URLSearchParams(search));

describe('attribute filters (disjunctive facets)', () => {
  it('lists each attribute as a group of checkboxes with the server counts', () => {
    render(<AttributeFilters filters={at('')} facets={facets} apply={jest.fn()} />);
    const colour = screen.getByRole('group', { name: 'Colour' });
    expect(within(colour).getByRole('checkbox', { name: 'Red (7)' })).not.toBeChecked();
    expect(within(colour).getByRole('checkbox', { name: 'Blue (3)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Size' })).toBeInTheDocument();
  });

  it('adds a second value of the same attribute (OR) and keeps the other attributes (AND)', () => {
    const apply = jest.fn<void, [Partial<ListingFilters>]>();
    render(
      <AttributeFilters filters={at('f={"Colour":["Red"],"Size":["L"]}')} facets={facets} apply={apply} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Red (7)' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blue (3)' }));
    expect(apply).toHaveBeenCalledWith({ attributes: { Colour: ['Red', 'Blue'], Size: ['L'] } });
  });

  it('keeps a selected value that no longer matches, with count 0, so it can be unticked', () => {
    const apply = jest.fn<void, [Partial<ListingFilters>]>();
    render(<AttributeFilters filters={at('f={"Colour":["Green"]}')} facets={facets} apply={apply} />);
    const green = screen.getByRole('checkbox', { name: 'Green (0)' });
    expect(green).toBeChecked();
    fireEvent.click(green);
    expect(apply).toHaveBeenCalledWith({ attributes: {} });
  });
});

describe('category tree', () => {
  it('shows types with counts, and the categories of the selected type', () => {
    const apply = jest.fn<void, [Partial<ListingFilters>]>();
    render(<CategoryTree filters={at('type=gifts')} facets={facets} apply={apply} />);
    expect(screen.getByRole('button', { name: 'Gifts (40)' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Mugs (9)' }));
    expect(apply).toHaveBeenCalledWith({ category: 'mugs', subCategory: null });
  });
});

describe('price filter form', () => {
  it('makes negatives positive, shows the spec message and disables Go while it shows', () => {
    const apply = jest.fn<void, [Partial<ListingFilters>]>();
    render(<PriceFilter filters={at('')} apply={apply} />);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '-20' } });
    expect(screen.getByLabelText('To')).toHaveValue('20');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '30' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a value less than max value');
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ priceMin: 5, priceMax: 20 }));
  });
});

describe('price filter bounds in force', () => {
  it('starts from the USD bounds of the URL and states them in USD', () => {
    render(<PriceFilter filters={at('price-min-usd=20&price-max-usd=60')} apply={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Price (USD)' })).toBeInTheDocument();
    expect(screen.getByText('Showing prices from 20 USD to 60 USD')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('20');
    expect(screen.getByLabelText('To')).toHaveValue('60');
  });

  it('states nothing when no bound is in force', () => {
    render(<PriceFilter filters={at('')} apply={jest.fn()} />);
    expect(screen.queryByText(/Showing prices/)).toBeNull();
  });
});
