import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows 3 pages each side of the current page', () => {
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });
  it('is cut at the first and last page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('is empty when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
