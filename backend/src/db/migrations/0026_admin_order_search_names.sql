-- The back office queue's search (modules/admin/orders.ts, orderQueue): the two name expressions
-- it matches with ILIKE '%…%' get trigram indexes (0024 gave the order number and the e-mails
-- theirs), and a q shaped like an e-mail is matched with `=` on lower(e-mail): the buyer's has
-- buyers_email_lookup, the order's shipping e-mail gets its own.
CREATE INDEX IF NOT EXISTS buyers_name_trgm ON buyers USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS orders_ship_name_trgm ON orders
  USING gin ((coalesce(ship_first_name, '') || ' ' || coalesce(ship_last_name, '')) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS orders_ship_email_lookup ON orders (lower(ship_email));
