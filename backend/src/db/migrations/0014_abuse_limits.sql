-- Abuse limits (issue 15): sign-in counters per realm (buyers and admins apart) and per account,
-- and the request counters of @fastify/rate-limit, shared by every API instance on this database.

-- Admin sign-ins were counted as e-mails 'admin:<email>' among the buyers' rows; they get their
-- own realm, so an admin's failures never fill a buyer's per-IP budget and the reverse.
ALTER TABLE login_attempts ADD COLUMN realm text NOT NULL DEFAULT 'buyer' CHECK (realm IN ('buyer', 'admin'));
UPDATE login_attempts SET realm = 'admin', email = substr(email, 7) WHERE email LIKE 'admin:%';
DROP INDEX login_attempts_ip;
DROP INDEX login_attempts_ip_email;
CREATE INDEX login_attempts_realm_ip ON login_attempts (realm, ip, attempted_at);
-- The per-account count (one e-mail from every IP) and the per-IP + e-mail count both start here.
CREATE INDEX login_attempts_realm_email ON login_attempts (realm, email, attempted_at);

-- One row per limit and client: hits in the window that ends at window_ends_at. A request
-- upserts its row in one statement (INSERT … ON CONFLICT DO UPDATE), so concurrent requests on
-- any instance count exactly; a row whose window has ended starts over at its next hit, and
-- housekeeping deletes the ended ones.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_at ON rate_limit_counters (window_ends_at);
