/**
 * The admin API as `npm run remotes` calls it: over HTTP, on the running shop, signed in as an
 * admin. Typed by the contract's endpoint table, so a path, a body or an answer that drifts from
 * @shop/contract fails to compile here too. Every failure is a `CliError` with one line to print.
 */
import type { ApiErrorBody } from '@shop/contract';
import type { AnswerOf, BodyOf, ParamsOf } from '@shop/contract/endpoint';
import type { adminEndpoints } from '@shop/contract/schemas/admin';
import type { remoteAdminEndpoints } from '@shop/contract/schemas/remotes';

/** Where the shop listens when SHOP_URL is not set (the server's own PORT default). */
export const DEFAULT_PORT = 8080;
/** Long enough for a promote's release checks on a busy machine, short enough not to hang a shell. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The API's prefix on the shop's origin. */
const API_PREFIX = '/backend/api/';

/** The endpoints this CLI calls: the registry's operations, and the admin's sign-in and sign-out. */
export type CliEndpoints = typeof remoteAdminEndpoints &
  Pick<typeof adminEndpoints, 'POST admin/login' | 'POST admin/logout'>;
export type CliEndpointKey = keyof CliEndpoints;

/** A failure the CLI reports as one line; `exitCode` 2 is a usage mistake, 1 anything else. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The shop's origin: SHOP_URL, else localhost on PORT (or 8080), without a trailing slash. */
export function shopUrlOf(env: Record<string, string | undefined>): string {
  const url = env.SHOP_URL?.trim() || `http://localhost:${env.PORT?.trim() || DEFAULT_PORT}`;
  try {
    return new URL(url).toString().replace(/\/+$/, '');
  } catch {
    throw new CliError(`SHOP_URL is not a URL: ${url}`, 2);
  }
}

/** `admin/remotes/:remote/promote` with `{remote: 'catalog'}` → `admin/remotes/catalog/promote`. */
function fillPath(path: string, params: unknown): string {
  const values: Record<string, unknown> = typeof params === 'object' && params !== null ? { ...params } : {};
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** An answer's envelope: `{status: true, data}` or `{status: false, error}`. */
type Envelope<T> = { status: true; data: T } | { status: false; error: ApiErrorBody };

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'boolean';

/** One line for the API's failure envelope: status, code, message and any field problems. */
export function describeFailure(httpStatus: number, error: ApiErrorBody): string {
  const fields = Object.entries(error.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  return `${httpStatus} ${error.code}: ${error.message}${fields.length ? ` (${fields.join('; ')})` : ''}`;
}

/** Why fetch threw, in an operator's words: the shop is down, elsewhere, or slow. */
function unreachable(shopUrl: string, error: unknown): CliError {
  if (error instanceof Error && error.name === 'TimeoutError')
    return new CliError(`The shop at ${shopUrl} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s.`);
  // undici's TypeError carries the socket's error (ECONNREFUSED, ENOTFOUND) as its cause.
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : error;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? ` (${String(cause.code)})` : '';
  return new CliError(`The shop is not reachable at ${shopUrl}${code}. Is it running? SHOP_URL sets where.`);
}

export interface CallArgs<Key extends CliEndpointKey> {
  params?: ParamsOf<CliEndpoints[Key]>;
  body?: BodyOf<CliEndpoints[Key]>;
}

/** The admin API of one shop, with the bearer token once signed in. */
export class AdminApi {
  private token: string | null = null;
  /** True when this client signed in itself (and so signs out at the end). */
  private ownSession = false;

  constructor(
    readonly shopUrl: string,
    /** Where the credentials are read from, at the first call that needs them. */
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** Calls one endpoint and answers its `data`; any failure is a CliError with one line. */
  async call<Key extends CliEndpointKey>(
    key: Key,
    args: CallArgs<Key> = {},
  ): Promise<AnswerOf<CliEndpoints[Key]>> {
    if (key !== 'POST admin/login') await this.signIn();
    const [method, path] = key.split(' ') as [string, string];
    const url = `${this.shopUrl}${API_PREFIX}${fillPath(path, args.params)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (args.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: args.body === undefined ? undefined : JSON.stringify(args.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw unreachable(this.shopUrl, error);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!isEnvelope(body))
      throw new CliError(
        `${response.status} from ${url}: not the API's answer. Is SHOP_URL (${this.shopUrl}) the shop?`,
      );
    if (!body.status) throw new CliError(describeFailure(response.status, body.error));
    return body.data as AnswerOf<CliEndpoints[Key]>;
  }

  /**
   * ADMIN_TOKEN as it is, else a sign-in with ADMIN_EMAIL and ADMIN_PASSWORD. Done at the first
   * call, so arguments are checked before any request (a missing --reason costs none).
   */
  private async signIn(): Promise<void> {
    if (this.token) return;
    const env = this.env;
    const token = env.ADMIN_TOKEN?.trim();
    if (token) {
      this.token = token;
      return;
    }
    const email = env.ADMIN_EMAIL?.trim();
    const password = env.ADMIN_PASSWORD;
    if (!email || !password)
      throw new CliError('Set ADMIN_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD, to sign in to the shop.', 2);
    const session = await this.call('POST admin/login', { body: { email, password } });
    this.token = session.token;
    this.ownSession = true;
  }

  /** Ends the session this client opened (a token given in ADMIN_TOKEN is left alone). */
  async signOut(): Promise<void> {
    if (!this.ownSession) return;
    this.ownSession = false;
    await this.call('POST admin/logout', { body: {} }).catch(() => undefined);
    this.token = null;
  }
}
