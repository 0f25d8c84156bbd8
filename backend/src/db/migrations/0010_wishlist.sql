-- Wishlists (spec 000 §4, §7). A line belongs to a member (buyer_id) or to a shopper who registered
-- only an e-mail for the wishlist (wishlist_user_id): exactly one of the two.
-- The migrator splits this file on lines ending with ';', so keep one statement per such line.

-- A wishlist user's bearer token: only its sha256 is stored, as for members' tokens. Users who
-- registered before tokens existed have none (NULL) and must register again from a new e-mail.
ALTER TABLE wishlist_users ADD COLUMN token_hash text UNIQUE;

CREATE TABLE wishlist_items (
  id serial PRIMARY KEY,
  buyer_id integer REFERENCES buyers (id) ON DELETE CASCADE,
  wishlist_user_id integer REFERENCES wishlist_users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((buyer_id IS NULL) <> (wishlist_user_id IS NULL)),
  -- One line per owner and product (NULLs are distinct, so each constraint binds only its owner
  -- kind); concurrent adds of one product end in one line (INSERT … ON CONFLICT DO NOTHING).
  UNIQUE (buyer_id, product_id),
  UNIQUE (wishlist_user_id, product_id)
);
CREATE INDEX wishlist_items_product_id ON wishlist_items (product_id);
