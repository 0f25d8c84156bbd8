-- Issue 22: the category tree in the back office (modules/admin/categoryTree.ts): a picture per
-- product type, category and sub-category, the old slugs of a renamed entry (its old listing links
-- keep working), and the feed's taxonomy triggers narrowed to what the storefront's indexes read.
-- Inside function bodies no line ends with a semicolon but the last: migrate.ts splits on those.

-- An uploaded picture (0029); null keeps the generated drawing (services/images.ts).
ALTER TABLE product_types ADD COLUMN image_id integer REFERENCES uploaded_images (id);
ALTER TABLE categories ADD COLUMN image_id integer REFERENCES uploaded_images (id);
ALTER TABLE sub_categories ADD COLUMN image_id integer REFERENCES uploaded_images (id);

-- A slug an entry had before a change: a listing asked with it answers for the entry
-- (modules/products/taxonomyRedirects.ts). An entry's current slug always wins over an old one;
-- the entry's rows go with it (deleted in the same transaction: the target is one of three tables).
CREATE TABLE taxonomy_slug_redirects (
  level text NOT NULL CHECK (level IN ('types', 'categories', 'sub-categories')),
  old_slug text NOT NULL,
  target_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (level, old_slug)
);
CREATE INDEX taxonomy_slug_redirects_target ON taxonomy_slug_redirects (level, target_id);

-- The change feed's taxonomy rows (0020) only for what the listing and search indexes read: the
-- entries, their names, slugs, positions and parents. A new picture is not a reason for every
-- instance to reload its dictionaries (and the search index, which reloads everything).
DROP TRIGGER catalogue_product_types_changed ON product_types;
DROP TRIGGER catalogue_categories_changed ON categories;
DROP TRIGGER catalogue_sub_categories_changed ON sub_categories;

CREATE TRIGGER catalogue_product_types_changed AFTER INSERT OR DELETE OR UPDATE OF name, slug, position
  ON product_types FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
CREATE TRIGGER catalogue_categories_changed AFTER INSERT OR DELETE OR UPDATE OF type_id, name, slug, position
  ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
CREATE TRIGGER catalogue_sub_categories_changed AFTER INSERT OR DELETE OR UPDATE OF category_id, name, slug, position
  ON sub_categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
