/**
 * A developer points only their own browser at a local build of one remote, on the running shop
 * (what import-map-overrides does for an import map). The override lives in a cookie of that
 * browser, one per remote, and every page then loads that remote from the local build, falling back
 * to the registry's version if it fails; the shell shows that an override is active.
 *
 * - Signed (always accepted, the only way in production): an admin mints a token
 *   (`POST admin/remotes/overrides`, `npm run remotes -- override`) and opens
 *   `/?remote-override=<token>`. Only the token's hash is kept; it expires.
 * - Open (outside production only, REMOTE_OVERRIDES=open): `/?remote-override=catalog=<url>` with a
 *   local URL (localhost, 127.0.0.1, [::1]).
 * `/?remote-override=clear` removes every override from the browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RemoteName } from '@shop/contract';
import { REMOTE_NAMES, REMOTE_OVERRIDE_CLEAR, REMOTE_OVERRIDE_QUERY } from '@shop/contract/schemas/remotes';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { remoteOverrides } from '../../db/schema';
import { clearCookie, readCookie, setCookie } from '../../http/cookies';
import type { RemoteOverride } from './registry';
import { isRemoteName } from './releaseStore';

export type OverridePolicy = 'signed' | 'open';

/** The page address parameter (the contract's, which the shell's override notice uses too). */
export const OVERRIDE_QUERY = REMOTE_OVERRIDE_QUERY;
const COOKIE_PREFIX = 'shop_remote_override_';
const TOKEN_PREFIX = 'ro_';
const OPEN_PREFIX = 'url:';
const ENTRY = /^https?:\/\/[^\s/?#]+\/(?:[^\s?#]*\/)?remoteEntry\.js$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** How long an unsigned (open) override stays in a browser: a working day. */
const OPEN_OVERRIDE_SECONDS = 8 * 3600;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** An entry a browser may be pointed at: a remoteEntry.js over http(s); open mode: local only. */
export function acceptableEntry(entry: string, policy: OverridePolicy | 'signed-any'): boolean {
  if (!ENTRY.test(entry)) return false;
  // The pattern lets through what is still no URL ('http://%//remoteEntry.js'): refused, not a 500.
  if (!URL.canParse(entry)) return false;
  const url = new URL(entry);
  if (policy === 'open') return LOCAL_HOSTS.has(url.hostname);
  return url.protocol === 'https:' || LOCAL_HOSTS.has(url.hostname);
}

export async function mintOverride(
  db: Database,
  adminId: number,
  override: RemoteOverride,
  minutes: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await db.insert(remoteOverrides).values({
    tokenHash: hashOf(token),
    remote: override.remote,
    entry: override.entry,
    adminId,
    expiresAt,
  });
  return { token, expiresAt };
}

/** A signed override still valid, with when it ends. */
async function resolveToken(
  db: Database,
  token: string,
): Promise<(RemoteOverride & { expiresAt: Date }) | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({
      remote: remoteOverrides.remote,
      entry: remoteOverrides.entry,
      expiresAt: remoteOverrides.expiresAt,
    })
    .from(remoteOverrides)
    .where(and(eq(remoteOverrides.tokenHash, hashOf(token)), gt(remoteOverrides.expiresAt, new Date())));
  return row && isRemoteName(row.remote) ? { ...row, remote: row.remote } : null;
}

/** What a cookie's value stands for: a token to resolve, or (open mode) the entry itself. */
async function resolveValue(
  db: Database,
  remote: RemoteName,
  value: string,
  policy: OverridePolicy,
): Promise<RemoteOverride | null> {
  if (value.startsWith(OPEN_PREFIX)) {
    const entry = value.slice(OPEN_PREFIX.length);
    return policy === 'open' && acceptableEntry(entry, 'open') ? { remote, entry } : null;
  }
  const resolved = await resolveToken(db, value);
  return resolved?.remote === remote ? { remote, entry: resolved.entry } : null;
}

export class RemoteOverrides {
  constructor(
    private readonly db: Database,
    private readonly policy: OverridePolicy,
  ) {}

  /** The overrides this browser's cookies hold, still valid (a failed lookup: none). */
  async of(request: FastifyRequest): Promise<RemoteOverride[]> {
    const found: RemoteOverride[] = [];
    for (const remote of REMOTE_NAMES) {
      const value = readCookie(request, `${COOKIE_PREFIX}${remote}`);
      if (!value) continue;
      try {
        const override = await resolveValue(this.db, remote, value, this.policy);
        if (override) found.push(override);
      } catch {
        // The database is away: the page goes out without the override, never without remotes.
      }
    }
    return found;
  }

  /**
   * `?remote-override=…` on a page address: stores (or clears) the override in the browser's
   * cookies and answers with a redirect to the same page without it.
   */
  async apply(request: FastifyRequest, reply: FastifyReply, value: string): Promise<FastifyReply> {
    const target = stripOverride(request.url);
    if (value === REMOTE_OVERRIDE_CLEAR) {
      for (const remote of REMOTE_NAMES) clearCookie(reply, `${COOKIE_PREFIX}${remote}`);
      return reply.redirect(target, 303);
    }
    const open = /^([a-z_]+)=(.+)$/.exec(value);
    if (open?.[1] && open[2] && isRemoteName(open[1])) {
      if (this.policy !== 'open' || !acceptableEntry(open[2], 'open')) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send(
            this.policy === 'open'
              ? 'An unsigned remote override must point at a local remoteEntry.js (localhost).'
              : 'Unsigned remote overrides are off here: ask an admin for a signed one (npm run remotes -- override).',
          );
      }
      setCookie(reply, `${COOKIE_PREFIX}${open[1]}`, `${OPEN_PREFIX}${open[2]}`, OPEN_OVERRIDE_SECONDS);
      return reply.redirect(target, 303);
    }
    const resolved = await resolveToken(this.db, value);
    if (!resolved) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('This remote override is unknown or has expired.');
    }
    // The cookie ends with the token (the server refuses the token after that anyway).
    const seconds = Math.max(1, Math.floor((resolved.expiresAt.getTime() - Date.now()) / 1000));
    setCookie(reply, `${COOKIE_PREFIX}${resolved.remote}`, value, seconds);
    return reply.redirect(target, 303);
  }
}

/**
 * The request's address without its `remote-override` parameter: always a path on this origin.
 * A path starting with `//` (or `/\\`, or made so by `..`) would be read by the browser as another
 * host, so leading slashes and backslashes collapse into one.
 */
export function stripOverride(url: string): string {
  const parsed = new URL(url, 'http://shop.invalid');
  parsed.searchParams.delete(OVERRIDE_QUERY);
  return `/${parsed.pathname.replace(/^[/\\]+/, '')}${parsed.search}`;
}
