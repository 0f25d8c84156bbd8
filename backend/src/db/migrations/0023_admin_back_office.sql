-- Issue 21 (the back office, part 1): admin roles, the audit log, new-order marks, held product
-- questions, hidden reviews, answered contact inquiries and the back office's settings.

-- Roles: an owner manages admins, remote releases, the settings and reads the audit log; staff
-- run the daily work. Every admin of before is an owner (the command line creates owners).
ALTER TABLE admins ADD COLUMN IF NOT EXISTS role text NOT NULL DEFAULT 'owner'
  CHECK (role IN ('owner', 'staff'));
-- A disabled admin cannot sign in and their tokens stop working (the row stays for the audit log).
ALTER TABLE admins ADD COLUMN IF NOT EXISTS disabled_at timestamptz;
ALTER TABLE admins ADD COLUMN IF NOT EXISTS created_by integer REFERENCES admins (id) ON DELETE SET NULL;

-- Every admin action: who (the id, and the e-mail kept when the admin row goes), what (the
-- endpoint), which object, the reason where one was given, when.
CREATE TABLE IF NOT EXISTS admin_audit_log (
  id bigserial PRIMARY KEY,
  admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
  admin_email text NOT NULL,
  action text NOT NULL,
  object_type text,
  object_id text,
  reason text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS admin_audit_log_created_at ON admin_audit_log (created_at DESC, id DESC);

-- New orders are marked per admin: an order is new to an admin until that admin opens it.
CREATE TABLE IF NOT EXISTS admin_order_views (
  admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (admin_id, order_id)
);

-- A question asked on the product page is held (not shown) until an admin answers or approves
-- it; questions of before stay shown.
ALTER TABLE product_questions ADD COLUMN IF NOT EXISTS held boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS product_questions_held ON product_questions (question_time) WHERE held;

-- A hidden review is left out of the product page and its rating summary.
ALTER TABLE product_reviews ADD COLUMN IF NOT EXISTS hidden boolean NOT NULL DEFAULT false;

-- Contact-us inquiries: read and answered (by e-mail) from the back office.
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS read_at timestamptz;
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS answer text;
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS answered_at timestamptz;
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS answered_by integer REFERENCES admins (id) ON DELETE SET NULL;

-- The back office's settings (key → value), changed by an owner: order_email, where the shop's
-- mail about every new order goes.
CREATE TABLE IF NOT EXISTS admin_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
