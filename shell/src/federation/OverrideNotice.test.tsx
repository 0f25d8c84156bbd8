import { render, screen } from '@testing-library/react';
import { OverrideNotice } from './OverrideNotice';

describe('OverrideNotice', () => {
  it('says which remote a developer override points where, as a status', () => {
    render(
      <OverrideNotice overrides={[{ remote: 'catalog', entry: 'http://localhost:3001/remoteEntry.js' }]} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Remote override active: catalog → http://localhost:3001/remoteEntry.js',
    );
  });

  it('clears the override by navigating to /?remote-override=clear', () => {
    render(
      <OverrideNotice overrides={[{ remote: 'auth', entry: 'http://localhost:3004/remoteEntry.js' }]} />,
    );
    const form = screen.getByRole('button', { name: 'Clear override' }).closest('form');
    expect(form?.method).toBe('get');
    expect(new URL(form?.action ?? '').pathname).toBe('/');
    expect(Object.fromEntries(new FormData(form ?? undefined))).toEqual({ 'remote-override': 'clear' });
  });

  it('shows nothing without an override', () => {
    const { container } = render(<OverrideNotice overrides={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
