import { loadRemote } from '@module-federation/enhanced/runtime';
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RemoteSlot } from './RemoteSlot';

// The federation runtime is the boundary of this unit: RemoteSlot's job is what happens around it.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** An exposed module as `exposeWithin` makes it: it declares the bus contract it was built with. */
function builtWith<P>(busContractVersion: unknown, component: ComponentType<P>): ComponentType<P> {
  return Object.assign(component, { busContractVersion });
}

const Greeting = builtWith<{ name?: string }>(BUS_CONTRACT_VERSION, ({ name }) => <p>Hello {name}</p>);
const Broken = builtWith(BUS_CONTRACT_VERSION, () => {
  throw new Error('render failed');
});

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

  it('refuses a remote built against another bus contract major: a console error and its fallback', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const OldGreeting = builtWith(BUS_CONTRACT_VERSION - 1, () => <p>Hello from the old contract</p>);
    load.mockResolvedValue({ default: OldGreeting });
    render(<RemoteSlot module="member/OldGreeting" variant="page" />);
    expect(await screen.findByRole('heading', { name: 'OOPS! something went wrong!' })).toBeInTheDocument();
    expect(screen.queryByText('Hello from the old contract')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      `[shop] remote "member" refused: it was built against bus contract ${BUS_CONTRACT_VERSION - 1}, the shell speaks bus contract ${BUS_CONTRACT_VERSION}.`,
    );
  });

  it('refuses a remote that declares no bus contract version, as a fragment fallback', async () => {
    load.mockResolvedValue({ default: () => <p>Hello from nowhere</p> });
    render(<RemoteSlot module="catalog/Undeclared" />);
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Hello from nowhere')).not.toBeInTheDocument();
  });
});
