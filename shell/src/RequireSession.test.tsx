import { type ApiClient, type ApiResult, bus, type CommandPayload, type User } from '@shop/shared';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { RequireSession } from './RequireSession';

const member: User = {
  id: 7,
  token: 'member-token',
  type: 'Member',
  first_name: 'Lina',
  last_name: 'Haddad',
  email: 'lina@example.com',
  mobile: null,
  gender: null,
  country_id: 1,
  alternate_email: null,
};

/** The network edge: an API client whose GET answers buyers/is-logged-in with `answer`. */
function apiAnswering(answer: ApiResult<{ is_logged_in: boolean }>) {
  const get = jest.fn(async (): Promise<ApiResult<unknown>> => answer);
  const client: ApiClient = {
    get: get as ApiClient['get'],
    post: jest.fn() as ApiClient['post'],
    put: jest.fn() as ApiClient['put'],
    delete: jest.fn() as ApiClient['delete'],
  };
  return { client, get };
}

/** Stands in for auth, the session's owner: records each `session.end` asked of it. */
function hearSessionEnd() {
  const heard: CommandPayload<'session.end'>[] = [];
  const stop = bus.handle('session.end', (payload) => void heard.push(payload));
  return { heard, stop };
}

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderMemberArea(client: ApiClient) {
  return render(
    <MemoryRouter initialEntries={['/member/orders']}>
      <Routes>
        <Route
          path="/member/*"
          element={
            <RequireSession api={client}>
              <p>member area</p>
            </RequireSession>
          }
        />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireSession', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null }));
  });

  it('sends a visitor without a session to /login, keeping where they were going', () => {
    const { client, get } = apiAnswering({ status: true, data: { is_logged_in: true } });
    renderMemberArea(client);
    expect(screen.getByText('login page, from /member/orders')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('verifies the login with buyers/is-logged-in on entry, showing a loading state meanwhile', async () => {
    act(() => bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null }));
    const { client, get } = apiAnswering({ status: true, data: { is_logged_in: true } });
    renderMemberArea(client);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(await screen.findByText('member area')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('buyers/is-logged-in');
  });

  it('asks auth to clear a stale local user the server does not know and goes to /login', async () => {
    const auth = hearSessionEnd();
    act(() => bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null }));
    const { client } = apiAnswering({ status: true, data: { is_logged_in: false } });
    renderMemberArea(client);
    expect(await screen.findByText('login page, from /member/orders')).toBeInTheDocument();
    await waitFor(() => expect(auth.heard).toEqual([{ reason: 'token-gone' }]));
    auth.stop();
  });

  it('sends an express-checkout guest to /login without asking the server (a Guest cannot use /member)', () => {
    const guest: User = { ...member, id: 8, token: 'guest-token', type: 'Guest' };
    act(() => bus.publish('session', { user: guest, guestSessionToken: null, wishlistUser: null }));
    const { client, get } = apiAnswering({ status: true, data: { is_logged_in: true } });
    renderMemberArea(client);
    expect(screen.getByText('login page, from /member/orders')).toBeInTheDocument();
    expect(screen.queryByText('member area')).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    // The guest's session is theirs to end: it stays until they sign in as a member.
    expect(bus.get('session').user).toEqual(guest);
  });

  it('treats a rejected token (401) as not logged in', async () => {
    const auth = hearSessionEnd();
    act(() => bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null }));
    const { client } = apiAnswering({ status: false, error: null, httpStatus: 401 });
    renderMemberArea(client);
    expect(await screen.findByText('login page, from /member/orders')).toBeInTheDocument();
    await waitFor(() => expect(auth.heard).toEqual([{ reason: 'token-gone' }]));
    auth.stop();
  });
});

describe('RequireSession when the member logs out inside', () => {
  it('goes home rather than to /login', async () => {
    act(() => bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null }));
    const { client } = apiAnswering({ status: true, data: { is_logged_in: true } });
    render(
      <MemoryRouter initialEntries={['/member']}>
        <Routes>
          <Route
            path="/member/*"
            element={
              <RequireSession api={client}>
                <p>member area</p>
              </RequireSession>
            }
          />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('member area');
    act(() => bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
