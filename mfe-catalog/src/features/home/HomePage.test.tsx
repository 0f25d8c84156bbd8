import { MESSAGES } from '@shop/contract/validation/messages';
import { FAILED_LOAD_COOLDOWN_MS } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, render, screen } from '@testing-library/react';
import { fail, installFakeApi, ok } from '../../test/fakeApi';
import { HomePage } from './HomePage';

const items = { items: [] };
const working = {
  'GET hero-slides': ok(items),
  'GET deals-of-the-day': ok({ deal: null }),
  'GET exclusive-products': ok(items),
  'GET handmade-products': ok(items),
  'GET top-selling-products': ok(items),
  'GET spotlight': ok(items),
  'GET banners': ok(items),
  'GET category-blocks': ok(items),
  'GET products': ok({ items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 8 } }),
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('home page with a failing section', () => {
  it.each(['hero-slides', 'deals-of-the-day', 'banners'])(
    'shows the panel in place of %s, the rest of the page, and asks it at most 3 times in 30 s',
    async (failing) => {
      const backend = installFakeApi({ ...working, [`GET ${failing}`]: fail(500) });
      render(
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>,
      );
      // Step by step, so the sections below the fold (a transition) mount early on.
      for (let second = 0; second < FAILED_LOAD_COOLDOWN_MS / 1000; second += 1) {
        await act(() => jest.advanceTimersByTimeAsync(1000));
      }
      expect(screen.getAllByRole('heading', { name: MESSAGES.listFailedTitle })).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      // The sections after the failed one are on the page.
      expect(screen.getByRole('heading', { name: 'Deal of the Day' })).toBeInTheDocument();
      expect(backend.callsTo(`GET ${failing}`).length).toBeLessThanOrEqual(3);
    },
  );
});
