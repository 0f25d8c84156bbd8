import { FALLBACK_COUNTRIES } from '../../constants';
import { dialCodeOf, formatPhone } from './phone';

describe('phone number', () => {
  it("is stored as '+{dialcode} {number}'", () => {
    expect(formatPhone('971', '501234567')).toBe('+971 501234567');
  });

  it('keeps only the digits the shopper typed', () => {
    expect(formatPhone('961', ' 03-123 456 ')).toBe('+961 03123456');
    expect(formatPhone('+33', '(6) 12 34 56 78')).toBe('+33 612345678');
  });

  it('stays empty without a number, so "Please enter your mobile number" can show', () => {
    expect(formatPhone('971', '')).toBe('');
    expect(formatPhone('971', ' - ')).toBe('');
  });

  it("finds the dial code of a country, 'ae' being +971", () => {
    expect(dialCodeOf('ae', FALLBACK_COUNTRIES)).toBe('971');
    expect(dialCodeOf('LB', FALLBACK_COUNTRIES)).toBe('961');
    expect(dialCodeOf('zz', FALLBACK_COUNTRIES)).toBe('');
  });
});
