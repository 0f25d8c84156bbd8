-- Issue 18: the remote release registry. Which version of each remote is live, which is in canary
-- at what share, every change with who, when and why, the release checks' verdict on each version,
-- and what browsers report about the versions they load.

-- One row per remote (created by the first operation on it). NULL live_version: nothing promoted
-- yet, the server's own build (the built-in version) is live.
CREATE TABLE remote_registry (
  remote text PRIMARY KEY,
  live_version text,
  live_since timestamptz,
  canary_version text,
  canary_percent integer,
  canary_since timestamptz,
  -- The versions that were live before, most recent last ('' = the built-in version): rollback pops.
  rollback_stack text[] NOT NULL DEFAULT '{}',
  -- Raised by every change: an operator's ifRevision that no longer matches is refused (409).
  revision integer NOT NULL DEFAULT 0,
  CONSTRAINT remote_registry_canary CHECK ((canary_version IS NULL) = (canary_percent IS NULL)),
  CONSTRAINT remote_registry_percent CHECK (canary_percent IS NULL OR canary_percent BETWEEN 1 AND 99)
);

-- The release checks' verdict on each version they looked at: its SRI when accepted, the reason
-- when refused. A version is checked again when it is promoted or put in canary.
CREATE TABLE remote_versions (
  remote text NOT NULL,
  version text NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now(),
  integrity text,
  refusal text,
  PRIMARY KEY (remote, version)
);

CREATE TABLE remote_registry_history (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  action text NOT NULL,
  version text,
  from_version text,
  percent integer,
  actor text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT remote_registry_history_action CHECK (action IN ('promote', 'canary', 'rollback', 'abort', 'auto-abort', 'refused'))
);
CREATE INDEX remote_registry_history_remote ON remote_registry_history (remote, id);

-- Loads and failures per version and minute, as browsers report them: the canary's failure rate and
-- the operators' last hour.
CREATE TABLE remote_version_stats (
  remote text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  loads integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, version, minute)
);
CREATE INDEX remote_version_stats_minute ON remote_version_stats (minute);

-- A developer's override: one browser (the cookie holding the token) loads one remote from a local
-- build. Minted by an admin; only the token's hash is kept.
CREATE TABLE remote_overrides (
  token_hash text PRIMARY KEY,
  remote text NOT NULL,
  entry text NOT NULL,
  admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
