import type { Currency } from '../types';
import { convertFromUsd, discountPercent, formatMoney, formatPrice, roundTo } from './money';

const USD: Currency = { code: 'USD', symbol: '$', exchange_rate: 1, decimal_places: 2 };
const AED: Currency = { code: 'AED', symbol: 'AED', exchange_rate: 3.6725, decimal_places: 2 };
const LBP: Currency = { code: 'LBP', symbol: 'LBP', exchange_rate: 89500, decimal_places: 0 };
const KWD: Currency = { code: 'KWD', symbol: 'KD', exchange_rate: 0.3076, decimal_places: 3 };

describe('convertFromUsd', () => {
  it('multiplies by the exchange rate and rounds to the currency decimals', () => {
    expect(convertFromUsd(12.5, USD)).toBe(12.5);
    expect(convertFromUsd(12.5, AED)).toBe(45.91); // 45.90625
    expect(convertFromUsd(12.5, KWD)).toBe(3.845);
  });

  it('rounds half up on the decimal value, not the binary one', () => {
    expect(convertFromUsd(1.005, USD)).toBe(1.01);
    expect(convertFromUsd(1.015, USD)).toBe(1.02);
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(convertFromUsd(0.1 + 0.2, USD)).toBe(0.3);
  });

  it('rounds LBP up to a whole number, ignoring float noise', () => {
    expect(convertFromUsd(12.5, LBP)).toBe(1118750);
    expect(convertFromUsd(12.503, LBP)).toBe(1119019); // 1119018.5
    expect(convertFromUsd(1.1, { ...LBP, exchange_rate: 3 })).toBe(4); // 3.3000000000000003
    // 0.1 × 30 is 3.0000000000000004 in binary: a bare Math.ceil would charge 4.
    expect(convertFromUsd(0.1, { ...LBP, exchange_rate: 30 })).toBe(3);
  });

  it('caps decimals at 3', () => {
    expect(convertFromUsd(1.23456, { ...USD, decimal_places: 5 })).toBe(1.235);
  });
});

describe('formatMoney', () => {
  it('writes the symbol, thousands separators and the currency decimals', () => {
    expect(formatMoney(12.5, USD)).toBe('$12.50');
    expect(formatMoney(45.91, AED)).toBe('AED 45.91');
    expect(formatMoney(1119000, LBP)).toBe('LBP 1,119,000');
    expect(formatMoney(3.845, KWD)).toBe('KD 3.845');
    expect(formatMoney(1234567.5, USD)).toBe('$1,234,567.50');
    expect(formatMoney(0, USD)).toBe('$0.00');
    expect(formatMoney(-5, USD)).toBe('-$5.00');
  });
});

describe('formatPrice', () => {
  it('converts a USD price and formats it', () => {
    expect(formatPrice(12.5, USD)).toBe('$12.50');
    expect(formatPrice(12.5, AED)).toBe('AED 45.91');
    expect(formatPrice(12.5, LBP)).toBe('LBP 1,118,750');
    expect(formatPrice(12.5, KWD)).toBe('KD 3.845');
  });
});

describe('discountPercent', () => {
  it('is the rounded percent of (old price - price) over old price', () => {
    expect(discountPercent(75, 100)).toBe(25);
    expect(discountPercent(17.1, 20)).toBe(15); // 14.5, not 14.4999…
    expect(discountPercent(66.67, 100)).toBe(33);
  });

  it('is null when there is no discount', () => {
    expect(discountPercent(10, null)).toBeNull();
    expect(discountPercent(10, undefined)).toBeNull();
    expect(discountPercent(10, 10)).toBeNull();
    expect(discountPercent(10, 8)).toBeNull();
    expect(discountPercent(10, 0)).toBeNull();
  });
});
