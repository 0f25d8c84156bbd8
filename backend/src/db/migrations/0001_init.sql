-- Catalogue, reference data, buyers and carts.
-- The migrator splits this file on lines ending with ';', so keep one statement per such line
-- and no function bodies.

CREATE TABLE currencies (
  code text PRIMARY KEY,
  symbol text NOT NULL,
  exchange_rate numeric(18, 6) NOT NULL CHECK (exchange_rate > 0),
  decimal_places smallint NOT NULL CHECK (decimal_places BETWEEN 0 AND 3),
  is_default boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX currencies_one_default ON currencies (is_default) WHERE is_default;

CREATE TABLE countries (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE site_config (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE social_channels (
  channel text PRIMARY KEY CHECK (channel IN ('facebook', 'twitter', 'instagram', 'linkedin', 'youtube')),
  url text
);

CREATE TABLE frontend_messages (
  id serial PRIMARY KEY,
  section text NOT NULL,
  component text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('Text', 'texts')),
  texts jsonb NOT NULL,
  UNIQUE (section, component, name)
);

CREATE TABLE suppliers (
  id integer PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE product_types (
  id serial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  type_id integer NOT NULL REFERENCES product_types (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_type_id ON categories (type_id);

CREATE TABLE sub_categories (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX sub_categories_category_id ON sub_categories (category_id);

CREATE TABLE products (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  short_description text NOT NULL,
  description text NOT NULL,
  hint text,
  details text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  old_price numeric(12, 2) CHECK (old_price >= 0),
  stock_quantity integer NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  is_customizable boolean NOT NULL DEFAULT false,
  has_packaging boolean NOT NULL DEFAULT false,
  hot boolean NOT NULL DEFAULT false,
  new_item boolean NOT NULL DEFAULT false,
  free_delivery boolean NOT NULL DEFAULT false,
  line text CHECK (line IN ('exclusive', 'handmade')),
  supplier_id integer REFERENCES suppliers (id) ON DELETE SET NULL,
  type_id integer NOT NULL REFERENCES product_types (id),
  category_id integer NOT NULL REFERENCES categories (id),
  sub_category_id integer NOT NULL REFERENCES sub_categories (id),
  rating numeric(2, 1) NOT NULL DEFAULT 0,
  review_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_type_id ON products (type_id);
CREATE INDEX products_category_id ON products (category_id);
CREATE INDEX products_sub_category_id ON products (sub_category_id);
CREATE INDEX products_supplier_id ON products (supplier_id);
CREATE INDEX products_created_at ON products (created_at DESC, id DESC);
CREATE INDEX products_price ON products (price, id);

CREATE TABLE product_specifications (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  show_in_quick_view smallint NOT NULL DEFAULT 0 CHECK (show_in_quick_view IN (0, 1)),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_specifications_product_id ON product_specifications (product_id);

CREATE TABLE sub_category_specifications (
  id serial PRIMARY KEY,
  sub_category_id integer NOT NULL REFERENCES sub_categories (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  show_in_quick_view smallint NOT NULL DEFAULT 0 CHECK (show_in_quick_view IN (0, 1)),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX sub_category_specifications_sub_category_id ON sub_category_specifications (sub_category_id);

CREATE TABLE buyers (
  id serial PRIMARY KEY,
  type text NOT NULL DEFAULT 'Member' CHECK (type IN ('Member', 'Guest')),
  email text NOT NULL,
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  mobile text,
  gender text,
  country_id integer REFERENCES countries (id),
  alternate_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX buyers_email ON buyers (lower(email));

-- Bearer tokens: only the sha256 of the token is stored, so a leaked table grants nothing.
CREATE TABLE auth_tokens (
  id serial PRIMARY KEY,
  buyer_id integer NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_tokens_buyer_id ON auth_tokens (buyer_id);

-- A cart belongs to a member (buyer_id) or to a guest (sha256 of the guest session token).
CREATE TABLE carts (
  id serial PRIMARY KEY,
  buyer_id integer UNIQUE REFERENCES buyers (id) ON DELETE CASCADE,
  guest_token_hash text UNIQUE,
  currency_code text NOT NULL REFERENCES currencies (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((buyer_id IS NULL) <> (guest_token_hash IS NULL))
);

CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_items_cart_id ON cart_items (cart_id);
CREATE INDEX cart_items_product_id ON cart_items (product_id);
