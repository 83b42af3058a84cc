CREATE TABLE "delivery_note_exits" (
	"tenant_id" integer NOT NULL,
	"delivery_note_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"movement_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"article_id" integer,
	"epcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery_note_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"customer_id" integer NOT NULL,
	"invoice_id" integer,
	"proforma_id" integer,
	"planned_date" date NOT NULL,
	"delivery_address" text,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"epc_count" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "delivery_notes_status_ck" CHECK ("delivery_notes"."status" in ('draft', 'ready', 'delivered', 'canceled')),
	CONSTRAINT "delivery_notes_one_source_ck" CHECK ("delivery_notes"."invoice_id" is null or "delivery_notes"."proforma_id" is null)
);
--> statement-breakpoint
ALTER TABLE "delivery_note_exits" ADD CONSTRAINT "delivery_note_exits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_exits" ADD CONSTRAINT "delivery_note_exits_delivery_note_id_delivery_notes_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_exits" ADD CONSTRAINT "delivery_note_exits_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_exits" ADD CONSTRAINT "delivery_note_exits_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_lines" ADD CONSTRAINT "delivery_note_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_lines" ADD CONSTRAINT "delivery_note_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_lines" ADD CONSTRAINT "delivery_note_lines_delivery_note_id_delivery_notes_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_proforma_id_proformas_id_fk" FOREIGN KEY ("proforma_id") REFERENCES "public"."proformas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_exits_note_tag_uq" ON "delivery_note_exits" USING btree ("delivery_note_id","tag_id");--> statement-breakpoint
CREATE INDEX "delivery_note_exits_tenant_idx" ON "delivery_note_exits" USING btree ("tenant_id","delivery_note_id");--> statement-breakpoint
CREATE INDEX "delivery_note_lines_note_idx" ON "delivery_note_lines" USING btree ("delivery_note_id","position");--> statement-breakpoint
CREATE INDEX "delivery_note_lines_article_idx" ON "delivery_note_lines" USING btree ("tenant_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_notes_tenant_number_uq" ON "delivery_notes" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "delivery_notes_tenant_planned_idx" ON "delivery_notes" USING btree ("tenant_id","planned_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_notes_open_idx" ON "delivery_notes" USING btree ("tenant_id","planned_date") WHERE "delivery_notes"."status" in ('draft', 'ready');--> statement-breakpoint
CREATE INDEX "delivery_notes_customer_idx" ON "delivery_notes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "delivery_notes_invoice_idx" ON "delivery_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "delivery_notes_proforma_idx" ON "delivery_notes" USING btree ("proforma_id");--> statement-breakpoint
SELECT app_protect_tenant_table('delivery_notes');--> statement-breakpoint
SELECT app_protect_tenant_table('delivery_note_lines');--> statement-breakpoint
SELECT app_protect_tenant_table('delivery_note_exits');--> statement-breakpoint
SELECT app_grant_new_resource('deliveryNotes');
