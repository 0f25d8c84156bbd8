import { type Currency, formatPrice, type PackagingLevel } from '@shop/shared';

/** What an option's price covers, after the product's packaging level (see PackagingLevel). */
export const PRICE_BASIS: Record<PackagingLevel, string> = {
  item: 'per piece',
  line: 'for the whole line',
};

/** A packaging option's USD price in the cart's currency, with what it covers: 'AED 11.02 per piece'. */
export const packagingPrice = (priceUsd: number, level: PackagingLevel | null, currency: Currency): string =>
  level ? `${formatPrice(priceUsd, currency)} ${PRICE_BASIS[level]}` : formatPrice(priceUsd, currency);
