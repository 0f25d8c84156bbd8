import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useBodyScrollLock, useInertOutside } from './overlay';

function Overlay({ open }: { open: boolean }) {
  useBodyScrollLock(open);
  return null;
}

function Modal() {
  const ref = useRef<HTMLDivElement>(null);
  useInertOutside(ref, true);
  return (
    <div ref={ref} role="dialog">
      <button type="button">Inside</button>
    </div>
  );
}

describe('overlays', () => {
  it('locks body scroll while any overlay is open, counting nested ones', () => {
    document.body.style.overflow = 'auto';
    const first = render(<Overlay open />);
    const second = render(<Overlay open />);
    expect(document.body.style.overflow).toBe('hidden');
    first.unmount();
    expect(document.body.style.overflow).toBe('hidden');
    second.unmount();
    expect(document.body.style.overflow).toBe('auto');
    render(<Overlay open={false} />);
    expect(document.body.style.overflow).toBe('auto');
  });

  it('makes the rest of the page inert while a modal is open, and gives it back on close', () => {
    document.body.innerHTML =
      '<header id="header">h</header><main id="page"><p id="text">x</p><div id="host"></div></main><aside id="already" inert></aside>';
    const host = document.getElementById('host') as HTMLElement;
    const modal = render(<Modal />, { container: host });
    const inert = (id: string) => document.getElementById(id)?.hasAttribute('inert');
    expect([inert('header'), inert('text'), inert('page'), inert('host')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(modal.getByRole('button').closest('[inert]')).toBeNull();
    modal.unmount();
    expect([inert('header'), inert('text')]).toEqual([false, false]);
    // What was inert before stays inert.
    expect(inert('already')).toBe(true);
  });
});
