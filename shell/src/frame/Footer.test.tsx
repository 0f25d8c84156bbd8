import { bus, type StartupContent } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, render, screen } from '@testing-library/react';
import { Footer } from './Footer';

const startup: StartupContent = {
  config: { phone: '+971 50 123 4567', hashtag: 'giftshop' },
  socialChannels: { facebook: 'https://facebook.com/giftshop', youtube: 'https://youtube.com/@giftshop' },
  footerProductTypes: [
    { name: 'Gifts', slug: 'gifts' },
    { name: 'Home & Living', slug: 'home-living' },
  ],
  sitemap: [],
  frontendMessages: [],
  currencies: { list: {}, default: 'USD' },
};

describe('Footer', () => {
  beforeEach(() => {
    act(() => bus.publish('startup', startup));
  });

  it('links each footer product type to its listing', () => {
    render(<Footer />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Home & Living' })).toHaveAttribute(
      'href',
      '/products?type=home-living',
    );
  });

  it('shows social links only for configured channels', () => {
    render(<Footer />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/giftshop',
    );
    expect(screen.getByRole('link', { name: 'Youtube' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Twitter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Linkedin' })).not.toBeInTheDocument();
  });

  it('links the policy pages', () => {
    render(<Footer />, { wrapper: MemoryRouter });
    for (const path of ['/payments', '/shipping', '/cancellation-returns']) {
      expect(document.querySelector(`a[href="${path}"]`)).not.toBeNull();
    }
  });
});
