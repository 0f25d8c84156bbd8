import { MemoryRouter, useNavigate } from '@shop/shared/router';
import { act, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { FIRST_SCREEN_ID, takeServerFirstScreen, useServerFirstScreen } from './serverFirstScreen';

/** A page slot as RemoteSlot has it: the server's markup while the lazy "remote" loads. */
function Slot({ remote: Remote }: { remote: ComponentType }): ReactNode {
  const firstScreen = useServerFirstScreen();
  return (
    <Suspense fallback={firstScreen ?? <p>Loading the page</p>}>
      <Remote />
    </Suspense>
  );
}

/** A remote page that mounts when `text` resolves (never, by default). */
const remotePage = (text: Promise<string> = new Promise(() => {})) =>
  lazy(async () => {
    const shown = await text;
    return { default: () => <p>{shown}</p> };
  });

function GoElsewhere(): ReactNode {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/products')}>
      Go
    </button>
  );
}

function serverPage(): HTMLElement {
  document.body.innerHTML = `<div id="root"><main id="${FIRST_SCREEN_ID}"><h1>Oak box</h1><img src="/oak.webp" alt="Oak box"></main></div>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

// jsdom's address is http://localhost/: the server rendered '/', and the router starts there.
describe('the server’s first screen, taken over', () => {
  it('keeps the very nodes the server painted on screen until the page’s remote has mounted', async () => {
    const container = serverPage();
    const picture = document.querySelector('img');
    takeServerFirstScreen();
    let mount: (text: string) => void = () => {};
    const remote = remotePage(
      new Promise<string>((resolve) => {
        mount = resolve;
      }),
    );
    render(
      <MemoryRouter initialEntries={['/']}>
        <Slot remote={remote} />
      </MemoryRouter>,
      { container },
    );
    expect(screen.getByRole('heading', { name: 'Oak box' })).toBeInTheDocument();
    // The same element: a loaded picture is not fetched or decoded again.
    expect(document.querySelector('img')).toBe(picture);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();

    await act(async () => mount('The remote’s product page'));
    expect(await screen.findByText('The remote’s product page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oak box' })).toBeNull();
  });

  it('shows the slot’s own loading state after a navigation, and on a page sent without one', async () => {
    const container = serverPage();
    takeServerFirstScreen();
    render(
      <MemoryRouter initialEntries={['/']}>
        <GoElsewhere />
        <Slot remote={remotePage()} />
      </MemoryRouter>,
      { container },
    );
    expect(screen.getByRole('heading', { name: 'Oak box' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Go' }).click());
    expect(screen.queryByRole('heading', { name: 'Oak box' })).toBeNull();
    expect(screen.getByText('Loading the page')).toBeInTheDocument();

    document.body.innerHTML = '<div id="root"></div>';
    takeServerFirstScreen();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Slot remote={remotePage()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
  });
});
