-- Catalogue, part 2: search (full text + trigrams), attributes, home content, product extras,
-- shopper forms and the search / view log behind top-searched-products.
-- The migrator splits this file on lines ending with ';': one statement per such line.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Title weighs 'A', the descriptions 'B'; kept up to date by PostgreSQL itself.
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'B')
) STORED;
CREATE INDEX products_search_vector ON products USING gin (search_vector);
CREATE INDEX products_title_trgm ON products USING gin (title gin_trgm_ops);

ALTER TABLE products ADD COLUMN sales_count integer NOT NULL DEFAULT 0;
CREATE INDEX products_sales_count ON products (sales_count DESC, id);
CREATE INDEX products_line ON products (line, created_at DESC) WHERE line IS NOT NULL;
CREATE INDEX products_hot ON products (type_id) WHERE hot;
CREATE INDEX products_rating ON products (type_id, rating DESC, sales_count DESC);

-- Filterable attributes (Colour, Material, Occasion, Size…): one row per value.
CREATE TABLE product_attributes (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (product_id, name, value)
);
CREATE INDEX product_attributes_name_value ON product_attributes (name, value, product_id);

CREATE TABLE product_reviews (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  buyer_name text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comments text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_reviews_product ON product_reviews (product_id, created_at DESC, id DESC);

CREATE TABLE product_questions (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  questioner_name text NOT NULL,
  questioner_email text NOT NULL,
  question text NOT NULL,
  question_time timestamptz NOT NULL DEFAULT now(),
  answer text,
  answer_time timestamptz
);
CREATE INDEX product_questions_product ON product_questions (product_id, question_time DESC, id DESC);

CREATE TABLE product_gallery (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Image', 'Video')),
  video_link text,
  caption text,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_gallery_product ON product_gallery (product_id, position);

CREATE TABLE product_groups (
  id serial PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE product_group_members (
  group_id integer NOT NULL REFERENCES product_groups (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, product_id)
);
CREATE INDEX product_group_members_product ON product_group_members (product_id);

CREATE TABLE notify_requests (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX notify_requests_product_email ON notify_requests (product_id, lower(email));

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE search_log (
  id bigserial PRIMARY KEY,
  query text NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_log_searched_at ON search_log (searched_at, query);

CREATE TABLE product_views (
  id bigserial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_views_viewed_at ON product_views (viewed_at, product_id);

CREATE TABLE hero_slides (
  id integer PRIMARY KEY,
  title text NOT NULL,
  sub_title text NOT NULL,
  button_text text NOT NULL,
  button_link text NOT NULL,
  offer_tag text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE deals (
  id integer PRIMARY KEY,
  title text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL
);

CREATE TABLE deal_items (
  deal_id integer NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (deal_id, product_id)
);

CREATE TABLE banners (
  id integer PRIMARY KEY,
  title text NOT NULL,
  sub_title text NOT NULL,
  template smallint NOT NULL CHECK (template IN (1, 2, 3)),
  link_type text NOT NULL CHECK (link_type IN ('Box', 'Button')),
  link text NOT NULL,
  button_text text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE category_blocks (
  id integer PRIMARY KEY,
  position integer NOT NULL,
  product_type_id integer NOT NULL REFERENCES product_types (id) ON DELETE CASCADE
);

CREATE TABLE category_block_items (
  block_id integer NOT NULL REFERENCES category_blocks (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (block_id, category_id)
);

CREATE TABLE page_contents (
  page text PRIMARY KEY,
  heading text NOT NULL,
  content text NOT NULL,
  phone text,
  whatsapp text,
  email text
);
