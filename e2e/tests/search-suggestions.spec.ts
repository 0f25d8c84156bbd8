import { expect, test } from '@playwright/test';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`typing a word's first letters suggests products (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('cand');
    const suggestions = page.getByRole('group', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(suggestions.getByRole('option').first()).toContainText(/cand/i);
    // The overlay locks the page behind it.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  });
}
