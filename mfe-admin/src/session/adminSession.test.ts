import { parseStoredSession } from './adminSession';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const stored = (expiresAt: string, role = 'owner') =>
  JSON.stringify({ token: 'adm.abc', expires_at: expiresAt, admin: { id: 1, email: 'o@example.com', role } });

describe('a stored admin session', () => {
  it('is restored while it has not expired', () => {
    expect(parseStoredSession(stored('2026-11-27T23:00:00Z'), NOW)?.token).toBe('adm.abc');
  });

  it.each([
    ['expired', stored('2026-11-27T11:59:59Z')],
    ['of an unknown role', stored('2026-11-28T00:00:00Z', 'buyer')],
    ['without a token', JSON.stringify({ expires_at: '2026-11-28T00:00:00Z', admin: { id: 1 } })],
    ['not JSON', '{'],
    ['absent', null],
  ])('is dropped when %s', (_case, raw) => {
    expect(parseStoredSession(raw, NOW)).toBeNull();
  });
});
