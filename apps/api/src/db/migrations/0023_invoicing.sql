CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_category" text DEFAULT 'S' NOT NULL,
	"net_amount" numeric(22, 2) NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_line_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_id" integer NOT NULL,
	"credit_date" date NOT NULL,
	"reason" text,
	"total_net" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(22, 2) DEFAULT '0' NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"line_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"allowance_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"issued_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "credit_notes_status_ck" CHECK ("credit_notes"."status" in ('draft', 'issued'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_category" text DEFAULT 'S' NOT NULL,
	"net_amount" numeric(22, 2) NOT NULL,
	"invoice_id" integer NOT NULL,
	"article_id" integer,
	"credited_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_credited_ck" CHECK ("invoice_lines"."credited_quantity" between 0 and "invoice_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"billing_date" date,
	"order_date" date,
	"payment_term_days" integer DEFAULT 30 NOT NULL,
	"due_date" date NOT NULL,
	"payment_mode_id" integer,
	"payment_type" text DEFAULT 'sepa_transfer' NOT NULL,
	"delivery_address" text,
	"discount" jsonb,
	"notes" text,
	"total_net" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(22, 2) DEFAULT '0' NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"line_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"allowance_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(22, 2) DEFAULT '0' NOT NULL,
	"amount_credited" numeric(22, 2) DEFAULT '0' NOT NULL,
	"proforma_id" integer,
	"issued_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" in ('draft', 'issued', 'canceled')),
	CONSTRAINT "invoices_term_ck" CHECK ("invoices"."payment_term_days" in (30, 60)),
	CONSTRAINT "invoices_issued_number_ck" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null)),
	CONSTRAINT "invoices_amounts_ck" CHECK ("invoices"."amount_paid" between 0 and "invoices"."total_gross" and "invoices"."amount_credited" between 0 and "invoices"."total_gross")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_ck" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(22, 2) NOT NULL,
	"unallocated" numeric(22, 2) NOT NULL,
	"payment_mode_id" integer NOT NULL,
	"reference" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_ck" CHECK ("payments"."amount" > 0 and "payments"."unallocated" between 0 and "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "proforma_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_category" text DEFAULT 'S' NOT NULL,
	"net_amount" numeric(22, 2) NOT NULL,
	"proforma_id" integer NOT NULL,
	"article_id" integer
);
--> statement-breakpoint
CREATE TABLE "proformas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"proforma_date" date NOT NULL,
	"valid_until" date,
	"discount" jsonb,
	"notes" text,
	"status" text DEFAULT 'open' NOT NULL,
	"total_net" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_vat" numeric(22, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(22, 2) DEFAULT '0' NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"line_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"allowance_total" numeric(22, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	CONSTRAINT "proformas_status_ck" CHECK ("proformas"."status" in ('open', 'converted', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "siren" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "siren" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "delivery_postcode" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "delivery_country" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "share_capital" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "rcs_city" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "late_penalty_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "supply_kind" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_mode_id_payment_modes_id_fk" FOREIGN KEY ("payment_mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_proforma_id_proformas_id_fk" FOREIGN KEY ("proforma_id") REFERENCES "public"."proformas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_mode_id_payment_modes_id_fk" FOREIGN KEY ("payment_mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proforma_lines" ADD CONSTRAINT "proforma_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proforma_lines" ADD CONSTRAINT "proforma_lines_proforma_id_proformas_id_fk" FOREIGN KEY ("proforma_id") REFERENCES "public"."proformas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proforma_lines" ADD CONSTRAINT "proforma_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proformas" ADD CONSTRAINT "proformas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proformas" ADD CONSTRAINT "proformas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proformas" ADD CONSTRAINT "proformas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_tenant_number_uq" ON "credit_notes" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_tenant_date_idx" ON "credit_notes" USING btree ("tenant_id","credit_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_number_uq" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_proforma_uq" ON "invoices" USING btree ("proforma_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_date_idx" ON "invoices" USING btree ("tenant_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_tenant_due_idx" ON "invoices" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_customer_idx" ON "payments" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_date_idx" ON "payments" USING btree ("tenant_id","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proforma_lines_proforma_idx" ON "proforma_lines" USING btree ("proforma_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proformas_tenant_number_uq" ON "proformas" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "proformas_tenant_date_idx" ON "proformas" USING btree ("tenant_id","proforma_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proformas_customer_idx" ON "proformas" USING btree ("customer_id");--> statement-breakpoint
SELECT app_protect_tenant_table('proformas');
--> statement-breakpoint
SELECT app_protect_tenant_table('proforma_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('invoices');
--> statement-breakpoint
SELECT app_protect_tenant_table('invoice_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('credit_notes');
--> statement-breakpoint
SELECT app_protect_tenant_table('credit_note_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('payments');
--> statement-breakpoint
SELECT app_protect_tenant_table('payment_allocations');
--> statement-breakpoint
-- Roles that held every other permission (administrators) get invoices.read and .write; roles that held every
-- other read permission (readers) get invoices.read.
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('invoices.read'), ('invoices.write')) AS p(permission)
WHERE (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
       WHERE rp.role_id = r.id AND rp.permission LIKE '%.read' AND rp.permission <> 'invoices.read') >= 19
  AND (p.permission LIKE '%.read'
       OR (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
           WHERE rp.role_id = r.id AND rp.permission LIKE '%.write' AND rp.permission <> 'invoices.write') >= 19)
ON CONFLICT DO NOTHING;
