-- Issue 16: a notification about an order names it, so the header links the note to the order's
-- page. NULL for notes about no order (an admin's general note, a general message reply).
ALTER TABLE notifications ADD COLUMN order_id integer REFERENCES orders (id) ON DELETE SET NULL;
-- Existing notes were written as 'Your order GS-YYMM-NNNNNN: …' (services/adminOrders.ts).
UPDATE notifications SET order_id = orders.id FROM orders WHERE notifications.order_id IS NULL AND notifications.note LIKE 'Your order ' || orders.order_number || ':%' AND orders.buyer_id = notifications.buyer_id;
