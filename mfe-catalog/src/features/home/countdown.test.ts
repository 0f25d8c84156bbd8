import { countdownParts, formatCountdown, secondsLeft } from './countdown';

describe('deal countdown', () => {
  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(countdownParts(93784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
  });

  it('formats as a clock, with days when a day or more is left', () => {
    expect(formatCountdown(3 * 3600 + 5 * 60 + 9)).toBe('03:05:09');
    expect(formatCountdown(2 * 86400 + 61)).toBe('2d 00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('never counts below zero', () => {
    expect(secondsLeft(1000, 5000)).toBe(0);
    expect(secondsLeft(10_500, 1000)).toBe(10);
  });
});
