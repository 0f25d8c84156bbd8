import { REMOTE_ERRORS_URL, REMOTE_LOADS_URL, reportRemoteFailure, reportRemoteLoad } from './remoteReports';

// The page's own state (which reports were sent) is kept for the page's life: each test names
// versions of its own.
describe('remote reports', () => {
  const sendBeacon = jest.fn<boolean, [string, Blob]>();
  const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({ ok: true }));

  beforeEach(() => {
    sendBeacon.mockReset().mockReturnValue(true);
    fetchMock.mockClear();
    Object.assign(navigator, { sendBeacon });
    Object.assign(globalThis, { fetch: fetchMock });
  });

  it('sends a failure by beacon as JSON with the route, once per remote, version and kind', () => {
    reportRemoteFailure('catalog', '0.2.0-a1', 'timeout');
    reportRemoteFailure('catalog', '0.2.0-a1', 'timeout');
    reportRemoteFailure('catalog', '0.2.0-a1', 'mount');
    expect(sendBeacon.mock.calls.map(([url]) => url)).toEqual([REMOTE_ERRORS_URL, REMOTE_ERRORS_URL]);
    expect(sendBeacon.mock.calls[0]?.[1].type).toBe('application/json');
    expect(REMOTE_ERRORS_URL).toBe('/backend/api/remote-errors');
  });

  it('sends a version’s first mount once, and names a version the registry did not as "unknown"', () => {
    reportRemoteLoad('auth', undefined);
    reportRemoteLoad('auth', undefined);
    reportRemoteLoad('auth', '0.1.0-a2');
    expect(sendBeacon.mock.calls.map(([url]) => url)).toEqual([REMOTE_LOADS_URL, REMOTE_LOADS_URL]);
    expect(REMOTE_LOADS_URL).toBe('/backend/api/remote-loads');
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
    sendBeacon.mockReturnValue(false);
    window.history.pushState({}, '', '/products/42');
    reportRemoteFailure('member', '0.3.0-a3', 'not-found');
    expect(fetchMock).toHaveBeenCalledWith(REMOTE_ERRORS_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        remote: 'member',
        version: '0.3.0-a3',
        kind: 'not-found',
        route: '/products/42',
      }),
    });
    window.history.pushState({}, '', '/');
  });
});
