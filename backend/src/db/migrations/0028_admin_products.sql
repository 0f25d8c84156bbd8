-- Issue 22: products in the back office (modules/admin/products.ts).
-- archived_at: an archived product leaves the storefront (the catalogue's loaders, the search
-- index, the product page and the home lists read live products only) but stays in orders and
-- carts. The UPDATE that sets it fires the change feed's trigger (0018), so every instance drops
-- it before its next read.
-- image_id: the card's picture, the first uploaded picture of the gallery (kept by the editor's
-- save, so a card costs no gallery read); null keeps the generated drawing. The uploaded pictures'
-- table comes in 0029, after this file: the editor checks the ids exist when it saves.
ALTER TABLE products ADD COLUMN archived_at timestamptz,
  ADD COLUMN image_id integer,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX products_archived ON products (archived_at DESC, id DESC) WHERE archived_at IS NOT NULL;

ALTER TABLE product_gallery ADD COLUMN image_id integer;

-- A slug a product had before: the storefront's product page at it lands on the product's
-- current slug. A slug is either a product's or a redirect's, never both (the editor checks).
CREATE TABLE product_slug_redirects (
  slug text PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_slug_redirects_product ON product_slug_redirects (product_id);
