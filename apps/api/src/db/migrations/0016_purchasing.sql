-- Purchasing on the document pattern: payment modes, numbering counters, purchase orders, their lines and receipts.
CREATE TABLE "document_counters" (
	"tenant_id" integer NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_tenant_id_series_year_pk" PRIMARY KEY("tenant_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "payment_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_modes_tenant_label_uq" UNIQUE("tenant_id","label")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"article_id" integer,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"net_amount" numeric(22, 2) NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_ck" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_received_ck" CHECK ("purchase_order_lines"."received_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"payment_mode_id" integer NOT NULL,
	"order_date" date NOT NULL,
	"expected_date" date,
	"notes" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"receipt_status" text DEFAULT 'not_received' NOT NULL,
	"total_net" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(22, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	CONSTRAINT "purchase_orders_tenant_number_uq" UNIQUE("tenant_id","number"),
	CONSTRAINT "purchase_orders_status_ck" CHECK ("purchase_orders"."status" in ('in_progress', 'done', 'canceled')),
	CONSTRAINT "purchase_orders_receipt_status_ck" CHECK ("purchase_orders"."receipt_status" in ('not_received', 'partially_received', 'received'))
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"receipt_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "purchase_receipt_lines_quantity_ck" CHECK ("purchase_receipt_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"receipt_date" date NOT NULL,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD CONSTRAINT "payment_modes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_payment_mode_id_payment_modes_id_fk" FOREIGN KEY ("payment_mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_article_idx" ON "purchase_order_lines" USING btree ("tenant_id","article_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_tenant_date_idx" ON "purchase_orders" USING btree ("tenant_id","order_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_tenant_status_idx" ON "purchase_orders" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_receipt_idx" ON "purchase_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("order_id");--> statement-breakpoint
SELECT app_protect_tenant_table('payment_modes');
--> statement-breakpoint
SELECT app_protect_tenant_table('document_counters');
--> statement-breakpoint
SELECT app_protect_tenant_table('purchase_orders');
--> statement-breakpoint
SELECT app_protect_tenant_table('purchase_order_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('purchase_receipts');
--> statement-breakpoint
SELECT app_protect_tenant_table('purchase_receipt_lines');
--> statement-breakpoint
-- The runtime role reaches the new tables; and, from now on, the tables later migrations create.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tagstock_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tagstock_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tagstock_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tagstock_app;
--> statement-breakpoint
-- Roles that held every permission (administrators) or every read permission (readers) get those of the new
-- screens: purchase orders, payment modes, company settings.
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('purchaseOrders'), ('paymentModes'), ('company')) AS n(resource)
CROSS JOIN LATERAL (VALUES (n.resource || '.read'), (n.resource || '.write')) AS p(permission)
WHERE (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission LIKE '%.read') >= 14
  AND (p.permission LIKE '%.read'
       OR (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission LIKE '%.write') >= 14)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A document's history is its activity-log entries.
CREATE INDEX IF NOT EXISTS activity_log_entity_idx ON activity_log (tenant_id, entity, entity_id, created_at);
