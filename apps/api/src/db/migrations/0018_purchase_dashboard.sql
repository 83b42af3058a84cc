-- The purchase dashboard on 100,000 orders / 1,000,000 lines: per-reference counts kept up to date by the order
-- service (the most ordered references without reading every line), and indexes for the period queries.
CREATE TABLE purchase_reference_counts (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  reference text NOT NULL,
  designation text NOT NULL,
  lines integer NOT NULL DEFAULT 0,
  quantity bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, reference)
);
--> statement-breakpoint
CREATE INDEX purchase_reference_counts_lines_idx ON purchase_reference_counts (tenant_id, lines DESC, reference);
--> statement-breakpoint
SELECT app_protect_tenant_table('purchase_reference_counts');
--> statement-breakpoint
INSERT INTO purchase_reference_counts (tenant_id, reference, designation, lines, quantity)
SELECT l.tenant_id, l.reference, max(l.designation), count(*), sum(l.quantity)
FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
WHERE o.status <> 'canceled'
GROUP BY l.tenant_id, l.reference;
--> statement-breakpoint
-- Units ordered and received per order, kept by the order service with its totals: the period widgets read the
-- orders, never their lines.
ALTER TABLE purchase_orders ADD COLUMN ordered_units bigint NOT NULL DEFAULT 0,
  ADD COLUMN received_units bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE purchase_orders o SET ordered_units = x.ordered, received_units = x.received
FROM (SELECT order_id, sum(quantity) AS ordered, sum(received_quantity) AS received
      FROM purchase_order_lines GROUP BY order_id) x
WHERE o.id = x.order_id;
--> statement-breakpoint
-- Orders of a period (purchases per month, top suppliers, quantities): an index-only scan of the tenant's dates.
CREATE INDEX purchase_orders_tenant_period_idx ON purchase_orders (tenant_id, order_date)
  INCLUDE (total_net, supplier_id, ordered_units, received_units) WHERE status <> 'canceled';
--> statement-breakpoint
CREATE INDEX purchase_orders_in_progress_idx ON purchase_orders (tenant_id, order_date DESC, id DESC)
  WHERE status = 'in_progress';

