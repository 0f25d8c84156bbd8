import { act, render, screen } from '@testing-library/react';
import { NEAR_VIEWPORT_SETTLE_MS, useNearViewport } from './useNearViewport';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let report: Callback = () => {};

class TestIntersectionObserver {
  constructor(callback: Callback) {
    report = callback;
  }
  observe() {}
  disconnect() {}
}

function Probe() {
  const [ref, near] = useNearViewport();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      value: TestIntersectionObserver,
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('counts an element that stays near the viewport', () => {
    render(<Probe />);
    act(() => report([{ isIntersecting: true }]));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS));
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('ignores an element pushed away while the sections above it load', () => {
    render(<Probe />);
    act(() => report([{ isIntersecting: true }]));
    act(() => jest.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS / 2));
    act(() => report([{ isIntersecting: false }]));
    act(() => jest.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS * 4));
    expect(screen.getByText('far')).toBeInTheDocument();
  });
});
