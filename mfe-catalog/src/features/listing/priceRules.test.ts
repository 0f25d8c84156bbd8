import { MESSAGES } from '@shop/contract/validation/messages';
import {
  activeUsdBounds,
  describeUsdBounds,
  hasPriceErrors,
  normalizePriceText,
  priceValue,
  usdIn,
  validatePrice,
} from './priceRules';

describe('price filter rules', () => {
  it('makes negative values positive', () => {
    expect(normalizePriceText('-25')).toBe('25');
    expect(priceValue('-12.5')).toBe(12.5);
  });

  it('counts zero as empty', () => {
    expect(priceValue('0')).toBeNull();
    expect(priceValue('0.00')).toBeNull();
    expect(priceValue('')).toBeNull();
    expect(validatePrice({ min: '50', max: '0' }, 'max')).toEqual({});
  });

  it('says "Please enter a value less than max value" when min reaches max', () => {
    expect(validatePrice({ min: '100', max: '50' }, 'min')).toEqual({ min: MESSAGES.priceLessThanMax });
    expect(validatePrice({ min: '50', max: '50' }, 'min')).toEqual({
      min: 'Please enter a value less than max value',
    });
  });

  it('says "Please enter a value more than min value" when max falls to min', () => {
    expect(validatePrice({ min: '100', max: '50' }, 'max')).toEqual({
      max: 'Please enter a value more than min value',
    });
  });

  it('accepts a min below max, or a single bound', () => {
    expect(hasPriceErrors(validatePrice({ min: '10', max: '50' }, 'max'))).toBe(false);
    expect(hasPriceErrors(validatePrice({ min: '10', max: '' }, 'min'))).toBe(false);
    expect(hasPriceErrors(validatePrice({ min: '', max: '5' }, 'max'))).toBe(false);
  });
});

describe('the price bounds in force, in USD', () => {
  const none = { priceMin: null, priceMax: null, currency: null, priceMinUsd: null, priceMaxUsd: null };
  const rates: Record<string, number> = { AED: 3.6725 };
  const rateOf = (code: string) => rates[code];

  it('reads USD bounds as they are and bounds in a currency through its rate', () => {
    expect(activeUsdBounds({ ...none, priceMinUsd: 20, priceMaxUsd: 60 }, rateOf)).toEqual({
      min: 20,
      max: 60,
    });
    expect(activeUsdBounds({ ...none, priceMax: 36.725, currency: 'AED' }, rateOf)).toEqual({
      min: null,
      max: 10,
    });
    expect(activeUsdBounds({ ...none, priceMin: 5 }, rateOf)).toEqual({ min: 5, max: null });
  });

  it('keeps the tighter bound when the URL gives both kinds, as the API does', () => {
    const both = {
      ...none,
      priceMinUsd: 20,
      priceMaxUsd: 60,
      priceMin: 110.175,
      priceMax: 367.25,
      currency: 'AED',
    };
    expect(activeUsdBounds(both, rateOf)).toEqual({ min: 30, max: 60 });
  });

  it('adds nothing for a currency whose rate is not known', () => {
    expect(activeUsdBounds({ ...none, priceMin: 5, currency: 'XYZ' }, rateOf)).toEqual({
      min: null,
      max: null,
    });
  });

  it('converts into a currency with its decimal places and says the bounds in words', () => {
    expect(usdIn(20, 3.6725, 2)).toBe(73.45);
    expect(usdIn(20, 89500, 0)).toBe(1790000);
    expect(describeUsdBounds({ min: 20, max: 60 })).toBe('from 20 USD to 60 USD');
    expect(describeUsdBounds({ min: 20, max: null })).toBe('from 20 USD');
    expect(describeUsdBounds({ min: null, max: 10.0004 })).toBe('up to 10 USD');
    expect(describeUsdBounds({ min: null, max: null })).toBeNull();
  });
});
