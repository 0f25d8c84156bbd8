import { keywordError } from './keyword';

describe('keyword filter rules', () => {
  it('says "Please enter value" when empty', () => {
    expect(keywordError('')).toBe('Please enter value');
    expect(keywordError('   ')).toBe('Please enter value');
  });

  it('says "Please enter atlest 3 letters" under 3 characters after trim', () => {
    expect(keywordError(' ab ')).toBe('Please enter atlest 3 letters');
  });

  it('accepts 3 characters or more', () => {
    expect(keywordError('mug')).toBeNull();
    expect(keywordError('  candle ')).toBeNull();
  });
});
