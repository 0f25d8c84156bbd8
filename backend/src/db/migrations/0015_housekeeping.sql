-- Issue 15: the scheduled clean-up (services/housekeeping.ts) finds expired rows by index.
CREATE INDEX IF NOT EXISTS password_resets_expires_at ON password_resets (expires_at);
CREATE INDEX IF NOT EXISTS admin_tokens_expires_at ON admin_tokens (expires_at);
