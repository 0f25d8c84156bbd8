-- An order is new to an admin only if it came in after that admin's account was made or after
-- the admin last marked every order seen (POST admin/orders/seen); before, every order of the
-- shop's past showed as new to every admin.
ALTER TABLE admins ADD COLUMN IF NOT EXISTS orders_seen_until timestamptz;
UPDATE admins SET orders_seen_until = created_at WHERE orders_seen_until IS NULL;
ALTER TABLE admins ALTER COLUMN orders_seen_until SET DEFAULT now();
ALTER TABLE admins ALTER COLUMN orders_seen_until SET NOT NULL;

-- The back office's order queue: its search (ILIKE '%…%' on the order number and the e-mails)
-- and its order (newest first) and proofs-first mark read indexes instead of every order.
CREATE INDEX IF NOT EXISTS orders_order_number_trgm ON orders USING gin (order_number gin_trgm_ops);
CREATE INDEX IF NOT EXISTS orders_ship_email_trgm ON orders USING gin (ship_email gin_trgm_ops);
CREATE INDEX IF NOT EXISTS buyers_email_trgm ON buyers USING gin (email gin_trgm_ops);
CREATE INDEX IF NOT EXISTS orders_created_at ON orders (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS payment_proofs_pending ON payment_proofs (order_id) WHERE status = 'Pending';
