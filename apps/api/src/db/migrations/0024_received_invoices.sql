CREATE TABLE "received_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"file" "bytea" NOT NULL,
	"number" text,
	"type_code" text,
	"issue_date" date,
	"due_date" date,
	"currency" text,
	"seller_name" text,
	"seller_vat_number" text,
	"seller_siren" text,
	"buyer_order_reference" text,
	"total_net" numeric(24, 6),
	"total_gross" numeric(24, 6),
	"due_payable" numeric(24, 6),
	"line_count" integer DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"valid" boolean NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplier_id" integer,
	"purchase_order_id" integer,
	"received_by" integer,
	CONSTRAINT "received_invoices_tenant_sha256_uq" UNIQUE("tenant_id","sha256"),
	CONSTRAINT "received_invoices_file_type_ck" CHECK ("received_invoices"."file_type" in ('application/pdf', 'application/xml')),
	CONSTRAINT "received_invoices_sha256_ck" CHECK ("received_invoices"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_invoices_tenant_created_idx" ON "received_invoices" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "received_invoices_supplier_idx" ON "received_invoices" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "received_invoices_purchase_order_idx" ON "received_invoices" USING btree ("purchase_order_id");
--> statement-breakpoint
-- hand-written: row-level security of the new table, and the permission backfill. Keep it at the end: the
-- statements above are drizzle-kit's and may be generated again.
SELECT app_protect_tenant_table('received_invoices');
--> statement-breakpoint
-- Roles that held every other permission (administrators) get receivedInvoices.read and .write; roles that held
-- every other read permission (readers) get receivedInvoices.read. "Every other" is the 19 resources before the
-- invoicing ones (invoices, receivedInvoices).
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('receivedInvoices.read'), ('receivedInvoices.write')) AS p(permission)
WHERE (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
       WHERE rp.role_id = r.id AND rp.permission LIKE '%.read'
         AND rp.permission NOT IN ('receivedInvoices.read', 'invoices.read')) >= 19
  AND (p.permission LIKE '%.read'
       OR (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
           WHERE rp.role_id = r.id AND rp.permission LIKE '%.write'
             AND rp.permission NOT IN ('receivedInvoices.write', 'invoices.write')) >= 19)
ON CONFLICT DO NOTHING;
