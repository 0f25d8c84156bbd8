-- Listing sorted within a department: without these the planner walks the global price / date
-- index and skips every product of the other departments.
CREATE INDEX products_type_price ON products (type_id, price, id);
CREATE INDEX products_category_price ON products (category_id, price, id);
CREATE INDEX products_sub_category_price ON products (sub_category_id, price, id);
CREATE INDEX products_type_created ON products (type_id, created_at DESC, id DESC);
CREATE INDEX products_category_created ON products (category_id, created_at DESC, id DESC);
CREATE INDEX products_sub_category_created ON products (sub_category_id, created_at DESC, id DESC);
