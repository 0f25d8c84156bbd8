-- Issue 22 (the back office, part 2): every change of a product's stock, with its reason. An
-- admin's adjustment (admin_id set), a CSV import, an order placed or canceled (no admin: the
-- reason names the order). The back office shows a product's log newest first.
CREATE TABLE product_stock_log (
  id bigserial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('admin', 'import', 'checkout', 'cancel')),
  stock_before integer NOT NULL,
  stock_after integer NOT NULL,
  reason text NOT NULL,
  admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
  admin_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_stock_log_product ON product_stock_log (product_id, created_at DESC, id DESC);
