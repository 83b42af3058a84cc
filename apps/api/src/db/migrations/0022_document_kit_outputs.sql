CREATE TABLE "output_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"output_id" integer NOT NULL,
	"position" integer NOT NULL,
	"article_id" integer,
	"reference" text NOT NULL,
	"designation" text NOT NULL,
	"quantity" integer NOT NULL,
	"epcs" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "output_tags" (
	"tenant_id" integer NOT NULL,
	"output_id" integer NOT NULL,
	"tag_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"reason_id" integer NOT NULL,
	"output_date" date NOT NULL,
	"consumer_id" integer,
	"customer_id" integer,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"epc_count" integer DEFAULT 0 NOT NULL,
	"validated_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "outputs_status_ck" CHECK ("outputs"."status" in ('draft', 'validated', 'canceled')),
	CONSTRAINT "outputs_one_recipient_ck" CHECK ("outputs"."consumer_id" is null or "outputs"."customer_id" is null)
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_order_lines" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "output_lines" ADD CONSTRAINT "output_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_lines" ADD CONSTRAINT "output_lines_output_id_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_lines" ADD CONSTRAINT "output_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_tags" ADD CONSTRAINT "output_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_tags" ADD CONSTRAINT "output_tags_output_id_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "output_tags" ADD CONSTRAINT "output_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "output_lines_output_idx" ON "output_lines" USING btree ("output_id","position");--> statement-breakpoint
CREATE INDEX "output_lines_article_idx" ON "output_lines" USING btree ("tenant_id","article_id");--> statement-breakpoint
CREATE INDEX "output_tags_tag_idx" ON "output_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE INDEX "output_tags_output_idx" ON "output_tags" USING btree ("output_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outputs_tenant_number_uq" ON "outputs" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "outputs_tenant_date_idx" ON "outputs" USING btree ("tenant_id","output_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outputs_tenant_status_idx" ON "outputs" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "outputs_customer_idx" ON "outputs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "outputs_reason_idx" ON "outputs" USING btree ("reason_id");--> statement-breakpoint
-- Existing lines at 0 % were zero rated; the stored breakdown of existing documents from their lines, per
-- (category, rate), VAT rounded once per row (BR-CO-17) as documentTotals does.
UPDATE purchase_order_lines SET vat_category = 'Z' WHERE vat_rate = 0;
--> statement-breakpoint
UPDATE platform_order_lines SET vat_category = 'Z' WHERE vat_rate = 0;
--> statement-breakpoint
UPDATE purchase_orders o SET vat_breakdown = coalesce((
  SELECT jsonb_agg(jsonb_build_object('category', c, 'rate', r::text, 'base', b::text, 'vat', round(b * r / 100, 2)::text)
                   ORDER BY r, c)
  FROM (SELECT vat_category AS c, vat_rate AS r, sum(net_amount) AS b FROM purchase_order_lines l
        WHERE l.order_id = o.id AND l.tenant_id = o.tenant_id GROUP BY 1, 2) x), '[]'::jsonb);
--> statement-breakpoint
UPDATE platform_orders o SET vat_breakdown = coalesce((
  SELECT jsonb_agg(jsonb_build_object('category', c, 'rate', r::text, 'base', b::text, 'vat', round(b * r / 100, 2)::text)
                   ORDER BY r, c)
  FROM (SELECT vat_category AS c, vat_rate AS r, sum(net_amount) AS b FROM platform_order_lines l
        WHERE l.order_id = o.id AND l.tenant_id = o.tenant_id GROUP BY 1, 2) x), '[]'::jsonb);
--> statement-breakpoint
SELECT app_protect_tenant_table('outputs');
--> statement-breakpoint
SELECT app_protect_tenant_table('output_lines');
--> statement-breakpoint
SELECT app_protect_tenant_table('output_tags');
--> statement-breakpoint
-- Roles that held every other permission (administrators) get outputs.read and .write; roles that held every
-- other read permission (readers) get outputs.read.
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('outputs.read'), ('outputs.write')) AS p(permission)
WHERE (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
       WHERE rp.role_id = r.id AND rp.permission LIKE '%.read' AND rp.permission <> 'outputs.read') >= 18
  AND (p.permission LIKE '%.read'
       OR (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
           WHERE rp.role_id = r.id AND rp.permission LIKE '%.write' AND rp.permission <> 'outputs.write') >= 18)
ON CONFLICT DO NOTHING;
