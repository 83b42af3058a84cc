ALTER TABLE "categories" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "kind" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_exemption" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "vat_exemption" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "vat_exemption_text" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "billing_mode" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_exemption_text" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_mode" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_mode_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proforma_lines" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "proforma_lines" ADD COLUMN "vat_exemption_text" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_nature_ck" CHECK ("categories"."nature" in ('goods', 'service'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_kind_ck" CHECK ("customers"."kind" in ('company', 'person'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_nature_ck" CHECK ("articles"."nature" in ('goods', 'service'));--> statement-breakpoint
-- The billing mode (BT-23) of the invoices written before it existed: from what the company sells (no article
-- said goods or service yet: a company selling both counts unknown lines as goods); credit notes take their
-- invoice's.
UPDATE "invoices" i SET "billing_mode" = CASE cs."supply_kind" WHEN 'services' THEN 'S1' ELSE 'B1' END
FROM "tenants" t LEFT JOIN "company_settings" cs ON cs."tenant_id" = t."id"
WHERE t."id" = i."tenant_id";--> statement-breakpoint
UPDATE "credit_notes" n SET "billing_mode" = i."billing_mode" FROM "invoices" i WHERE i."id" = n."invoice_id";
