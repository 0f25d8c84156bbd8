-- An order is new to an admin only if it came in after that admin's account was made or after
-- the admin last marked every order seen (POST admin/orders/seen); before, every order of the
-- shop's past showed as new to every admin.
ALTER TABLE admins ADD COLUMN IF NOT EXISTS orders_seen_until timestamptz;
UPDATE admins SET orders_seen_until = created_at WHERE orders_seen_until IS NULL;
ALTER TABLE admins ALTER COLUMN orders_seen_until SET DEFAULT now();
ALTER TABLE admins ALTER COLUMN orders_seen_until SET NOT NULL;
