-- Gift customization and packaging (spec 001 §2.4, §2.5).
-- What a customizable product offers: which of the four options, and the price of customizing
-- one piece (USD; the cart converts it).
CREATE TABLE product_customizations (
  product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  logo boolean NOT NULL DEFAULT false,
  to_whom boolean NOT NULL DEFAULT false,
  sender boolean NOT NULL DEFAULT false,
  message boolean NOT NULL DEFAULT false,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  CHECK (logo OR to_whom OR sender OR message)
);

-- The shop's kinds of gift packaging (the /packaging/{id} page lists them with a base price).
CREATE TABLE packagings (
  id serial PRIMARY KEY,
  title text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  position integer NOT NULL DEFAULT 0
);

-- packaging_level: 'item' wraps every piece of a line on its own (price × quantity); 'line' packs the
-- line's pieces together (the price once). A product has one level for all its options.
CREATE TABLE product_packagings (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  packaging_id integer NOT NULL REFERENCES packagings (id),
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  packaging_level text NOT NULL CHECK (packaging_level IN ('item', 'line')),
  UNIQUE (product_id, packaging_id)
);

-- A line's customization and packaging. The logo is a file under .data/uploads/ with a generated
-- name; customization_options lists what the shopper chose (logo, to_whom, from, message).
ALTER TABLE cart_items
  ADD COLUMN customization_options text[],
  ADD COLUMN customization_logo text,
  ADD COLUMN customization_to_whom text,
  ADD COLUMN customization_from text,
  ADD COLUMN customization_note text,
  ADD COLUMN customization_brief text,
  ADD COLUMN packaging_id integer REFERENCES packagings (id);
