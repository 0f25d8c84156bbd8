-- Issue 19: the catalogue's change feed (modules/products/catalogueFeed.ts). Every API instance
-- keeps the catalogue's listing and search keys in memory and, before each read, reloads the
-- products changed by transactions it has not seen yet: the rows here with xid at or above the
-- xmin of its last snapshot. product_id NULL means "taxonomy changed (or a bulk change): reload
-- everything". Housekeeping prunes rows older than the feed's retention.
CREATE TABLE catalogue_changes (
  id bigserial PRIMARY KEY,
  product_id integer,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_changes_xid ON catalogue_changes (xid);
CREATE INDEX catalogue_changes_changed_at ON catalogue_changes (changed_at);

-- Statement-level triggers with transition tables: one INSERT ... SELECT per statement, not one
-- function call per row (seeding inserts products in chunks). A statement touching more rows than
-- a reload by id is worth (an import, a bulk price change) records one NULL row instead.
-- Inside function bodies no line ends with a semicolon but the last: migrate.ts splits on those.
CREATE FUNCTION catalogue_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  WITH n AS (SELECT count(*) AS rows FROM changed_rows)
  INSERT INTO catalogue_changes (product_id)
    SELECT DISTINCT id FROM changed_rows, n WHERE n.rows <= 10000
    UNION ALL SELECT NULL FROM n WHERE n.rows > 10000
  ; RETURN NULL; END $$;

CREATE TRIGGER catalogue_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
CREATE TRIGGER catalogue_products_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
CREATE TRIGGER catalogue_products_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();

CREATE FUNCTION catalogue_attributes_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  WITH n AS (SELECT count(*) AS rows FROM changed_rows)
  INSERT INTO catalogue_changes (product_id)
    SELECT DISTINCT product_id FROM changed_rows, n WHERE n.rows <= 10000
    UNION ALL SELECT NULL FROM n WHERE n.rows > 10000
  ; RETURN NULL; END $$;

-- An UPDATE may move an attribute row from one product to another: both products changed.
CREATE FUNCTION catalogue_attributes_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO catalogue_changes (product_id)
    SELECT product_id FROM old_rows UNION SELECT product_id FROM changed_rows
  ; RETURN NULL; END $$;

CREATE TRIGGER catalogue_attributes_inserted AFTER INSERT ON product_attributes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_changed();
CREATE TRIGGER catalogue_attributes_updated AFTER UPDATE ON product_attributes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_moved();
CREATE TRIGGER catalogue_attributes_deleted AFTER DELETE ON product_attributes
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_changed();

-- Taxonomy (names, slugs, positions: the facets' labels and order, the search's department words)
-- and a TRUNCATE of the catalogue: everything is reloaded.
CREATE FUNCTION catalogue_reload_everything() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO catalogue_changes (product_id) VALUES (NULL)
  ; RETURN NULL; END $$;

CREATE TRIGGER catalogue_product_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_sub_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sub_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
CREATE TRIGGER catalogue_attributes_truncated AFTER TRUNCATE ON product_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
