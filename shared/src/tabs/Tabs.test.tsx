import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './Tabs';

const TABS = [
  { key: 'overview', label: 'Overview', content: <p>Short description</p> },
  { key: 'specification', label: 'Specification', content: <p>Colour: red</p> },
  { key: 'reviews', label: 'Reviews', content: <p>Lovely</p> },
];

describe('tabs', () => {
  it('shows the first tab and keeps only the selected tab in the Tab order', () => {
    render(<Tabs label="Product information" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Product information' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Specification' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('Short description');
  });

  it('moves with the arrow keys, wrapping round, and jumps with Home and End', () => {
    render(<Tabs label="Product information" tabs={TABS} />);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Specification' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Colour: red');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(overview).toHaveFocus();
    fireEvent.keyDown(overview, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(overview).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab on click', () => {
    render(<Tabs label="Product information" tabs={TABS} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lovely');
  });
});
