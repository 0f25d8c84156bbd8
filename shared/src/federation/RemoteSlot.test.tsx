import { loadRemote } from '@module-federation/enhanced/runtime';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RemoteSlot } from './RemoteSlot';

// The federation runtime is the boundary of this unit: RemoteSlot's job is what happens around it.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

const Greeting: ComponentType<{ name?: string }> = ({ name }) => <p>Hello {name}</p>;
const Broken: ComponentType = () => {
  throw new Error('render failed');
};

describe('RemoteSlot', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the exposed module with its props', async () => {
    load.mockResolvedValue({ default: Greeting });
    render(<RemoteSlot module="auth/Greeting1" props={{ name: 'Lina' }} />);
    expect(await screen.findByText('Hello Lina')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('auth/Greeting1');
  });

  it('shows the page fallback when the remote cannot be loaded, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('remoteEntry.js 404')).mockResolvedValue({ default: Greeting });
    render(<RemoteSlot module="catalog/Greeting2" variant="page" props={{ name: 'again' }} />);
    expect(await screen.findByRole('heading', { name: 'OOPS! something went wrong!' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('treats a module without a component (the fallback plugin answer) as unavailable', async () => {
    load.mockResolvedValue({ default: undefined });
    render(<RemoteSlot module="member/Nothing" />);
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
  });

  it('keeps a remote that throws while rendering inside its own boundary', async () => {
    load.mockResolvedValue({ default: Broken });
    render(
      <main>
        <p>the rest of the page</p>
        <RemoteSlot module="cart_checkout/Broken" />
      </main>,
    );
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByText('the rest of the page')).toBeInTheDocument();
  });
});
