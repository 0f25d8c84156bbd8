/**
 * Remote releases (backend/src/modules/remotes): the registry the shell loads remotes from, what a
 * browser reports about the versions it loaded, the release descriptor every published version
 * carries, and the operators' registry operations under `/admin/remotes`.
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Empty } from './auth';

export { REMOTE_OVERRIDE_CLEAR, REMOTE_OVERRIDE_QUERY, UNKNOWN_REMOTE_VERSION } from './remoteValues';

/** The remotes the shell composes, by their federation name (also their URL segment). */
export const REMOTE_NAMES = ['catalog', 'cart_checkout', 'member', 'auth', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export const RemoteNameSchema = Type.Union(
  REMOTE_NAMES.map((name) => Type.Literal(name)),
  { description: 'A remote of the shop' },
);

/** A published version: the package version and the content hash, e.g. `0.1.0-3fa9c2d1e0`. */
export const VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+_-]*$';
export const RemoteVersionName = Type.String({ pattern: VERSION_PATTERN, minLength: 1, maxLength: 80 });

const EntryUrl = Type.String({ minLength: 1, maxLength: 2048, description: "The version's remoteEntry.js" });
const Integrity = Type.String({ pattern: '^sha(256|384|512)-[A-Za-z0-9+/=]+$', maxLength: 200 });

/** Where one version of a remote is loaded from. */
export const RemoteLocation = Type.Object({
  entry: EntryUrl,
  version: RemoteVersionName,
  /** Subresource integrity of remoteEntry.js, recorded when the version was validated. */
  integrity: Type.Optional(Integrity),
});

/**
 * One remote in the registry a page gets (inlined as `window.__SHOP_REMOTES__`, or
 * `/remotes.json`): the version this shopper loads and, when there is one, the version to fall
 * back to once if it fails (the live version for a canary shopper, the last good one otherwise).
 */
export const RegistryEntry = Type.Object({
  ...RemoteLocation.properties,
  /** live: the registry's live version; canary: this shopper's cohort is in the canary;
   * built-in: nothing promoted yet, the server's own build; override: a developer's signed override. */
  channel: Type.Union([
    Type.Literal('live'),
    Type.Literal('canary'),
    Type.Literal('built-in'),
    Type.Literal('override'),
  ]),
  fallback: Type.Optional(RemoteLocation),
});
export const Registry = Type.Record(Type.String(), RegistryEntry);

/** How a remote version failed in a browser. */
export const REMOTE_FAILURE_KINDS = ['not-found', 'script-error', 'timeout', 'mount', 'refused'] as const;
export const RemoteFailureKind = Type.Union(REMOTE_FAILURE_KINDS.map((kind) => Type.Literal(kind)));

/** A page's path as the browser has it (percent-encoded ASCII): no spaces, no control characters. */
const Route = Type.String({
  pattern: '^/[\\x21-\\x7e]*$',
  maxLength: 2048,
  description: 'location.pathname',
});

export const RemoteErrorBody = Type.Object({
  remote: RemoteNameSchema,
  version: RemoteVersionName,
  kind: RemoteFailureKind,
  route: Route,
});
export const RemoteLoadBody = Type.Object({ remote: RemoteNameSchema, version: RemoteVersionName });

/** A shared module as a remote's mf-manifest.json lists it. */
export const SharedRequirement = Type.Object({
  name: Type.String(),
  version: Type.String(),
  requiredVersion: Type.String(),
  singleton: Type.Boolean(),
});

/**
 * `release.json`, written beside every published version's files: what was built, from what, and
 * the facts the release checks read (exposed modules, shared requirements, bus contract, SRI).
 */
export const ReleaseDescriptor = Type.Object({
  remote: RemoteNameSchema,
  version: RemoteVersionName,
  packageVersion: Type.String(),
  contentHash: Type.String({ pattern: '^[0-9a-f]{10,64}$' }),
  publishedAt: Type.String({ format: 'date-time' }),
  busContractVersion: Type.Integer({ minimum: 1 }),
  exposes: Type.Array(Type.String(), { description: "Exposed module names without './'" }),
  shared: Type.Array(SharedRequirement),
  integrity: Type.Object({ 'remoteEntry.js': Integrity }),
  files: Type.Integer({ minimum: 1 }),
  bytes: Type.Integer({ minimum: 1 }),
});

export const RemoteParams = Type.Object({ remote: RemoteNameSchema });

const Reason = Type.String({ minLength: 1, maxLength: 500, description: 'Why: kept in the history' });
const IfRevision = Type.Optional(
  Type.Integer({
    minimum: 0,
    description:
      "The remote's revision the operator last saw; a change made since answers 409 instead of being overwritten",
  }),
);
export const PromoteBody = Type.Object({
  version: RemoteVersionName,
  reason: Reason,
  ifRevision: IfRevision,
});
export const CanaryBody = Type.Object({
  version: RemoteVersionName,
  percent: Type.Integer({ minimum: 1, maximum: 99 }),
  reason: Reason,
  ifRevision: IfRevision,
});
export const RegistryChangeBody = Type.Object({ reason: Reason, ifRevision: IfRevision });

const VersionStats = Type.Object({
  version: RemoteVersionName,
  loads: Type.Integer({ minimum: 0 }),
  failures: Type.Integer({ minimum: 0 }),
});

export const RemoteStatus = Type.Object({
  remote: RemoteNameSchema,
  /** null: nothing promoted yet; the server's own build (`builtIn`) is live. */
  live: Type.Union([Type.Object({ version: RemoteVersionName, since: Type.String() }), Type.Null()]),
  builtIn: Type.Union([RemoteVersionName, Type.Null()]),
  canary: Type.Union([
    Type.Object({ version: RemoteVersionName, percent: Type.Integer(), since: Type.String() }),
    Type.Null(),
  ]),
  /** What `rollback` would make live (null: nothing to roll back to). */
  rollbackTo: Type.Union([RemoteVersionName, Type.Null()]),
  revision: Type.Integer({ minimum: 0 }),
  /** Loads and failures per version over the last hour. */
  lastHour: Type.Array(VersionStats),
});

export const RemoteVersionInfo = Type.Object({
  version: RemoteVersionName,
  publishedAt: Type.String(),
  state: Type.Union([
    Type.Literal('live'),
    Type.Literal('canary'),
    Type.Literal('retained'),
    Type.Literal('refused'),
  ]),
  /** Why the release checks refused it (only for state 'refused'). */
  refusal: Type.Optional(Type.String()),
  bytes: Type.Integer(),
});

export const REGISTRY_ACTIONS = ['promote', 'canary', 'rollback', 'abort', 'auto-abort', 'refused'] as const;
export const HistoryEntry = Type.Object({
  id: Type.Integer(),
  remote: RemoteNameSchema,
  action: Type.Union(REGISTRY_ACTIONS.map((action) => Type.Literal(action))),
  version: Type.Union([RemoteVersionName, Type.Null()]),
  fromVersion: Type.Union([RemoteVersionName, Type.Null()]),
  percent: Type.Union([Type.Integer(), Type.Null()]),
  actor: Type.String(),
  reason: Type.String(),
  at: Type.String(),
});

export const OverrideBody = Type.Object({
  remote: RemoteNameSchema,
  entry: Type.String({
    pattern: '^https?://[^\\s]+/remoteEntry\\.js$',
    maxLength: 2048,
    description: "A local build's remoteEntry.js, e.g. http://localhost:3001/remoteEntry.js",
  }),
  minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60, default: 480 })),
});
export const OverrideAnswer = Type.Object({
  token: Type.String(),
  expiresAt: Type.String(),
  /** Open this address in the developer's browser to turn the override on there. */
  path: Type.String(),
});

/** `/remote-errors`, `/remote-loads` (backend/src/modules/remotes): what browsers report. */
export const remoteReportEndpoints = endpoints({
  'POST remote-loads': {
    summary: 'A browser loaded and mounted a remote version (once per remote per page)',
    body: RemoteLoadBody,
    response: Empty,
  },
  'POST remote-errors': {
    summary: 'A remote version failed in a browser: not found, script error, timeout, mount error, refused',
    body: RemoteErrorBody,
    response: Empty,
  },
});

/** `/admin/remotes` (backend/src/modules/remotes): the registry's checked operations. */
export const remoteAdminEndpoints = endpoints({
  'GET admin/remotes': {
    summary: 'Every remote: live and canary versions, share, revision, loads and failures in the last hour',
    response: Type.Object({ remotes: Type.Array(RemoteStatus) }),
  },
  'GET admin/remotes/:remote/versions': {
    summary: "A remote's published versions, newest first",
    params: RemoteParams,
    response: Type.Object({ versions: Type.Array(RemoteVersionInfo) }),
  },
  'GET admin/remotes/:remote/history': {
    summary: "A remote's registry history, newest first: who, when, what, why",
    params: RemoteParams,
    response: Type.Object({ history: Type.Array(HistoryEntry) }),
  },
  'POST admin/remotes/:remote/promote': {
    summary: 'Make a validated version live (ends any canary)',
    params: RemoteParams,
    body: PromoteBody,
    response: Type.Object({ remote: RemoteStatus }),
  },
  'POST admin/remotes/:remote/canary': {
    summary: 'Send a share of shoppers (sticky per shopper) to a validated version',
    params: RemoteParams,
    body: CanaryBody,
    response: Type.Object({ remote: RemoteStatus }),
  },
  'POST admin/remotes/:remote/rollback': {
    summary: 'Make the previous live version live again (ends any canary)',
    params: RemoteParams,
    body: RegistryChangeBody,
    response: Type.Object({ remote: RemoteStatus }),
  },
  'POST admin/remotes/:remote/abort': {
    summary: 'End the canary: everyone loads the live version',
    params: RemoteParams,
    body: RegistryChangeBody,
    response: Type.Object({ remote: RemoteStatus }),
  },
  'POST admin/remotes/:remote/prune': {
    summary:
      'Delete old published versions: never the live, canary or any rollback version, nor the newest RELEASES_KEEP',
    params: RemoteParams,
    body: Type.Object({}),
    response: Type.Object({ removed: Type.Array(RemoteVersionName) }),
  },
  'POST admin/remotes/overrides': {
    summary: "A signed override pointing one developer's browser at a local build of one remote",
    body: OverrideBody,
    response: OverrideAnswer,
  },
});
