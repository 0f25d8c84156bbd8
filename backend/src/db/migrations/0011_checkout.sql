-- Checkout (spec 001 §2.3, §2.6, §3, §4): shipping addresses, the cart's address and payment
-- method, a flat shipping fee per delivery country, orders with their lines, log and the buyer's
-- activities, and idempotency keys of order placement.
-- The migrator splits this file on lines ending with ';', so keep one statement per such line.

-- Flat delivery fee per country, in USD (the cart converts it); waived when every product of the
-- cart ships free. Seeded: United Arab Emirates 5, Lebanon 10, every other country 15.
ALTER TABLE countries ADD COLUMN shipping_fee numeric(12, 2) NOT NULL DEFAULT 15 CHECK (shipping_fee >= 0);
UPDATE countries SET shipping_fee = 5 WHERE name = 'United Arab Emirates';
UPDATE countries SET shipping_fee = 10 WHERE name = 'Lebanon';

-- A buyer's (member's or express guest's) addresses; at most one primary per buyer.
CREATE TABLE shipping_addresses (
  id serial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  mobile text NOT NULL,
  country_id integer NOT NULL REFERENCES countries (id),
  city text NOT NULL,
  address text NOT NULL,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipping_addresses_buyer_id ON shipping_addresses (buyer_id);
CREATE UNIQUE INDEX shipping_addresses_one_primary ON shipping_addresses (buyer_id) WHERE is_primary;

-- Deleting an address clears it from the cart that ships to it.
ALTER TABLE carts
  ADD COLUMN shipping_address_id integer REFERENCES shipping_addresses (id) ON DELETE SET NULL,
  ADD COLUMN payment_method text CHECK (payment_method IN ('Cash On Delivery', 'Money Exchange Transfer'));
CREATE INDEX carts_shipping_address_id ON carts (shipping_address_id);

-- Order numbers 'GS-YYMM-NNNNNN': one sequence for the shop (it does not restart each month).
CREATE SEQUENCE order_number_seq;

-- An order freezes everything it was placed with: currency and rate, amounts, the address (a
-- copy: the buyer may edit or delete theirs later), the lines with their customization and
-- packaging. Amounts are in the order's currency (numeric(16, 3): KWD has 3 decimals, LBP is large).
CREATE TABLE orders (
  id serial PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  buyer_id integer NOT NULL REFERENCES buyers (id),
  channel text NOT NULL CHECK (channel IN ('checkout', 'chat')),
  order_status text NOT NULL CHECK (order_status IN ('Pending', 'Payment Pending', 'Dispatch', 'Delivered', 'Cancel')),
  payment_status text NOT NULL CHECK (payment_status IN ('Pending', 'Received', 'Cancel')),
  payment_method text NOT NULL CHECK (payment_method IN ('Cash On Delivery', 'Money Exchange Transfer', 'Bank Transfer')),
  currency_code text NOT NULL,
  currency_symbol text NOT NULL,
  exchange_rate numeric(18, 6) NOT NULL,
  decimal_places smallint NOT NULL,
  products_total numeric(16, 3) NOT NULL,
  shipping_cost numeric(16, 3) NOT NULL,
  vat_rate numeric(5, 2) NOT NULL,
  vat_amount numeric(16, 3) NOT NULL,
  total_amount numeric(16, 3) NOT NULL,
  ship_first_name text,
  ship_last_name text,
  ship_email text,
  ship_mobile text,
  ship_country_id integer,
  ship_country text,
  ship_city text,
  ship_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_buyer_id ON orders (buyer_id, created_at DESC);

-- product_id has no foreign key: an order line is a record of what was sold and outlives the
-- product (deleted, or the demo catalogue re-seeded). customization_logo is a file of the order's
-- own (uploads 'order-…'), never the cart's, so cart clean-up cannot delete it.
CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer NOT NULL,
  title text NOT NULL,
  slug text NOT NULL,
  type_name text NOT NULL,
  category_name text NOT NULL,
  sub_category_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_usd numeric(12, 2) NOT NULL,
  unit_price numeric(16, 3) NOT NULL,
  customization_options text[],
  customization_logo text,
  customization_to_whom text,
  customization_from text,
  customization_note text,
  customization_brief text,
  customization_price numeric(16, 3) NOT NULL DEFAULT 0,
  packaging_id integer,
  packaging_title text,
  packaging_level text CHECK (packaging_level IN ('item', 'line')),
  packaging_price numeric(16, 3) NOT NULL DEFAULT 0,
  line_total numeric(16, 3) NOT NULL
);
CREATE INDEX order_items_order_id ON order_items (order_id);
CREATE INDEX order_items_product_id ON order_items (product_id);

-- The order's log (spec 001 §3: created_at, action), first entry written when it is placed.
CREATE TABLE order_logs (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  action text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_logs_order_id ON order_logs (order_id, created_at);

-- The member dashboard's 'Recent Activities' (spec 001 §3: action_type, action_datetime).
CREATE TABLE buyer_activities (
  id bigserial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  action_type text NOT NULL,
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  action_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX buyer_activities_buyer_id ON buyer_activities (buyer_id, action_datetime DESC);

-- Idempotency-Key of order placement: one row per (who, key), inserted in the placing
-- transaction, so a repeat waits on the unique key until the first commits (then answers its
-- stored answer) or rolls back (then runs itself). Kept 24 hours. `scope` is 'buyer:<id>' or
-- 'guest-cart:<sha256 of the guest session token>'; `response` never holds a bearer token.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  endpoint text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
