import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The product cards of the home page's 'Latest Products' slider. Sliders mount when scrolled
 * near, and sections above may still grow while they load, so scroll until the cards are there.
 */
export async function latestProductCards(page: Page): Promise<Locator> {
  const latest = page.getByRole('region', { name: 'Latest Products' });
  const cards = latest.locator('.slick-slide').getByRole('article', { includeHidden: true });
  await expect
    .poll(async () => {
      await latest.scrollIntoViewIfNeeded();
      return cards.count();
    })
    .toBeGreaterThan(0);
  return cards;
}
