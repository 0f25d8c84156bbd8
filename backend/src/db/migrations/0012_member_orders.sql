-- Member orders and their admin counterpart (issue 11; spec 001 §2.7, §3, §4): what a buyer did
-- with an ordered product (review, feedback), proofs of payment, and the shop's admins.
-- The migrator splits this file on lines ending with ';', so keep one statement per such line.

-- Each ordered product is reviewed once and given feedback once (spec 001 §3 Ordered product).
ALTER TABLE order_items ADD COLUMN review_submitted boolean NOT NULL DEFAULT false;
ALTER TABLE order_items ADD COLUMN feedback_submitted boolean NOT NULL DEFAULT false;

-- A review written from an order (the product page's reviews are the same rows): who wrote it
-- and for which ordered product. Seeded reviews have neither.
ALTER TABLE product_reviews ADD COLUMN buyer_id integer REFERENCES buyers (id) ON DELETE SET NULL;
ALTER TABLE product_reviews ADD COLUMN order_item_id integer REFERENCES order_items (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX product_reviews_order_item_id ON product_reviews (order_item_id);

-- Feedback is for the shop, not shown on the product page; the image is an upload of its own.
CREATE TABLE product_feedbacks (
  id serial PRIMARY KEY,
  order_item_id integer NOT NULL UNIQUE REFERENCES order_items (id) ON DELETE CASCADE,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  product_id integer NOT NULL,
  comments text NOT NULL,
  image text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Proofs of payment of transfer orders. A new proof is taken only when none exists or the last was
-- Rejected: the partial unique index makes that hold under concurrent uploads too.
CREATE TABLE payment_proofs (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  image text NOT NULL,
  comments text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Confirmed', 'Rejected')),
  admin_comments text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE INDEX payment_proofs_order_id ON payment_proofs (order_id, created_at DESC);
CREATE UNIQUE INDEX payment_proofs_one_open ON payment_proofs (order_id) WHERE status <> 'Rejected';

-- The shop's admins: never buyers, with tokens of their own (prefixed 'adm.', see services/admins.ts).
CREATE TABLE admins (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admins_email ON admins (lower(email));

CREATE TABLE admin_tokens (
  id serial PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
