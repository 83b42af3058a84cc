-- Orders to the platform (BDC RB): the platform's catalogue, the tenants' orders and their lines, and the EPCs
-- registered to a tenant when its tags are delivered.
CREATE TABLE platform_products (
  id serial PRIMARY KEY,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  reference text NOT NULL,
  designation text NOT NULL,
  kind text NOT NULL,
  unit_price numeric(14, 4) NOT NULL,
  vat_rate numeric(5, 2) NOT NULL,
  active boolean DEFAULT true NOT NULL,
  CONSTRAINT platform_products_reference_uq UNIQUE (reference),
  CONSTRAINT platform_products_kind_ck CHECK (kind in ('tags', 'reader', 'consumable'))
);
--> statement-breakpoint
CREATE TABLE platform_orders (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants(id),
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  number text NOT NULL,
  order_date date NOT NULL,
  notes text,
  status text DEFAULT 'in_progress' NOT NULL,
  total_net numeric(22, 2) DEFAULT '0' NOT NULL,
  total_vat numeric(22, 2) DEFAULT '0' NOT NULL,
  total_gross numeric(22, 2) DEFAULT '0' NOT NULL,
  line_count integer DEFAULT 0 NOT NULL,
  registered_tags integer DEFAULT 0 NOT NULL,
  created_by integer REFERENCES users(id),
  CONSTRAINT platform_orders_tenant_number_uq UNIQUE (tenant_id, number),
  CONSTRAINT platform_orders_status_ck CHECK (status in ('in_progress', 'done', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE platform_order_lines (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants(id),
  order_id integer NOT NULL REFERENCES platform_orders(id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_id integer REFERENCES platform_products(id) ON DELETE SET NULL,
  kind text NOT NULL,
  reference text NOT NULL,
  designation text NOT NULL,
  quantity integer NOT NULL,
  unit_price numeric(14, 4) NOT NULL,
  discount numeric(5, 2) DEFAULT '0' NOT NULL,
  vat_rate numeric(5, 2) NOT NULL,
  net_amount numeric(22, 2) NOT NULL,
  CONSTRAINT platform_order_lines_quantity_ck CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE platform_order_deliveries (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants(id),
  order_id integer NOT NULL REFERENCES platform_orders(id) ON DELETE CASCADE,
  family_id integer REFERENCES tag_families(id) ON DELETE SET NULL,
  count integer NOT NULL,
  first_epc text NOT NULL,
  last_epc text NOT NULL,
  user_id integer REFERENCES users(id),
  created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX platform_orders_tenant_date_idx ON platform_orders (tenant_id, order_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX platform_orders_date_idx ON platform_orders (order_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX platform_order_lines_order_idx ON platform_order_lines (order_id, position);
--> statement-breakpoint
CREATE INDEX platform_order_deliveries_order_idx ON platform_order_deliveries (order_id);
--> statement-breakpoint
SELECT app_protect_tenant_table('platform_orders');
--> statement-breakpoint
SELECT app_protect_tenant_table('platform_order_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('platform_order_deliveries');
--> statement-breakpoint
-- The catalogue belongs to the platform: tenants read it, only platform work (the super admin) writes it.
REVOKE INSERT, UPDATE, DELETE ON platform_products FROM tagstock_app;
--> statement-breakpoint
GRANT SELECT ON platform_products TO tagstock_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_products TO tagstock_platform;
--> statement-breakpoint
-- Roles that held every other permission (administrators) get platformOrders.read and .write; roles that held
-- every read permission (readers) get platformOrders.read.
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('platformOrders.read'), ('platformOrders.write')) AS p(permission)
WHERE (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
       WHERE rp.role_id = r.id AND rp.permission LIKE '%.read' AND rp.permission <> 'platformOrders.read') >= 17
  AND (p.permission LIKE '%.read'
       OR (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
           WHERE rp.role_id = r.id AND rp.permission LIKE '%.write' AND rp.permission <> 'platformOrders.write') >= 17)
ON CONFLICT DO NOTHING;
