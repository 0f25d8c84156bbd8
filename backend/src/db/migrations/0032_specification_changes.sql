-- Issue 19: a listing's cards take their specification lists from memory
-- (modules/products/cardSpecifications.ts), kept exact by the catalogue's change feed like the
-- listing and search indexes. A product whose specifications change is a changed product; a
-- sub-category's specifications are part of the taxonomy; a TRUNCATE reloads everything. The
-- trigger functions are the attributes' (0018, 0020): they read `product_id` of the changed rows.
CREATE TRIGGER catalogue_specifications_inserted AFTER INSERT ON product_specifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_changed();
CREATE TRIGGER catalogue_specifications_updated AFTER UPDATE ON product_specifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_moved();
CREATE TRIGGER catalogue_specifications_deleted AFTER DELETE ON product_specifications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_attributes_changed();
CREATE TRIGGER catalogue_specifications_truncated AFTER TRUNCATE ON product_specifications
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();

CREATE TRIGGER catalogue_sub_category_specifications_changed AFTER INSERT OR UPDATE OR DELETE ON sub_category_specifications
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed();
CREATE TRIGGER catalogue_sub_category_specifications_truncated AFTER TRUNCATE ON sub_category_specifications
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reload_everything();
