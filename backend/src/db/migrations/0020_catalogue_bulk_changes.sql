-- Issue 19: the change feed without "reload everything" for bulk statements and taxonomy edits
-- (modules/products/catalogueFeed.ts). A statement over 10,000 product rows wrote one NULL row,
-- and every instance then reloaded the whole catalogue before its next read; it now writes one
-- row holding every changed id (product_ids), and the instances reload those products only. A
-- taxonomy edit writes a row with taxonomy = true: the indexes reload their dictionaries only.
-- A row with none of the three (a TRUNCATE, the seed) still means "reload everything".
-- Inside function bodies no line ends with a semicolon but the last: migrate.ts splits on those.
ALTER TABLE catalogue_changes ADD COLUMN product_ids integer[],
  ADD COLUMN taxonomy boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION catalogue_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  WITH n AS (SELECT count(*) AS rows FROM changed_rows)
  INSERT INTO catalogue_changes (product_id, product_ids)
    SELECT DISTINCT id, NULL::integer[] FROM changed_rows, n WHERE n.rows <= 10000
    UNION ALL SELECT NULL, (SELECT array_agg(id) FROM changed_rows) FROM n WHERE n.rows > 10000
  ; RETURN NULL; END $$;

CREATE OR REPLACE FUNCTION catalogue_attributes_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  WITH n AS (SELECT count(*) AS rows FROM changed_rows)
  INSERT INTO catalogue_changes (product_id, product_ids)
    SELECT DISTINCT product_id, NULL::integer[] FROM changed_rows, n WHERE n.rows <= 10000
    UNION ALL SELECT NULL, (SELECT array_agg(DISTINCT product_id) FROM changed_rows) FROM n WHERE n.rows > 10000
  ; RETURN NULL; END $$;

CREATE OR REPLACE FUNCTION catalogue_attributes_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  WITH ids AS (SELECT product_id FROM old_rows UNION SELECT product_id FROM changed_rows),
    n AS (SELECT count(*) AS rows FROM ids)
  INSERT INTO catalogue_changes (product_id, product_ids)
    SELECT product_id, NULL::integer[] FROM ids, n WHERE n.rows <= 10000
    UNION ALL SELECT NULL, (SELECT array_agg(product_id) FROM ids) FROM n WHERE n.rows > 10000
  ; RETURN NULL; END $$;

CREATE FUNCTION catalogue_taxonomy_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO catalogue_changes (taxonomy) VALUES (true)
  ; RETURN NULL; END $$;

-- A taxonomy row inserted, renamed, moved or deleted: the dictionaries. A TRUNCATE (it cascades
-- to the products) stays "reload everything".
DROP TRIGGER catalogue_product_types_changed ON product_types;
DROP TRIGGER catalogue_categories_changed ON categories;
DROP TRIGGER catalogue_sub_categories_changed ON sub_categories;

CREATE TRIGGER catalogue_product_types_changed AFTER INSERT OR UPDATE OR DELETE ON product_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
CREATE TRIGGER catalogue_categories_changed AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
CREATE TRIGGER catalogue_sub_categories_changed AFTER INSERT OR UPDATE OR DELETE ON sub_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();

CREATE TRIGGER catalogue_product_types_truncated AFTER TRUNCATE ON product_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_categories_truncated AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_sub_categories_truncated AFTER TRUNCATE ON sub_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
