import { MESSAGES } from '@shop/shared/validation/messages';
import { hasPriceErrors, normalizePriceText, priceValue, validatePrice } from './priceRules';

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
