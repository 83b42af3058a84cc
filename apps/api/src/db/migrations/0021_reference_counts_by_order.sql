-- The most ordered references count orders, each once per reference (they counted order lines): recounted from the
-- orders, canceled ones left out, so that the order service's +1 / -1 per order and reference start from the truth.
UPDATE purchase_reference_counts c SET lines = x.orders
FROM (SELECT l.tenant_id, l.reference, count(DISTINCT l.order_id) AS orders
      FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
      WHERE o.status <> 'canceled'
      GROUP BY l.tenant_id, l.reference) x
WHERE c.tenant_id = x.tenant_id AND c.reference = x.reference AND c.lines <> x.orders;
