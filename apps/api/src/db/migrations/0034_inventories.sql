CREATE TABLE "inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"scope_kind" text NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"notes" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"adjusted_at" timestamp with time zone,
	"counted_until" bigint DEFAULT 0 NOT NULL,
	"article_count" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"surplus" integer DEFAULT 0 NOT NULL,
	"missing_value" numeric(22, 2) DEFAULT '0' NOT NULL,
	"surplus_value" numeric(22, 2) DEFAULT '0' NOT NULL,
	"tags_unknown" integer DEFAULT 0 NOT NULL,
	"theoretical" integer DEFAULT 0 NOT NULL,
	"counted" integer DEFAULT 0 NOT NULL,
	"gap" integer DEFAULT 0 NOT NULL,
	"gap_value" numeric(22, 2) DEFAULT '0' NOT NULL,
	"tags_expected" integer DEFAULT 0 NOT NULL,
	"tags_found" integer DEFAULT 0 NOT NULL,
	"tags_missing" integer DEFAULT 0 NOT NULL,
	"tags_unexpected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventories_status_ck" CHECK ("inventories"."status" in ('draft', 'started', 'finished', 'canceled')),
	CONSTRAINT "inventories_scope_ck" CHECK ("inventories"."scope_kind" in ('all', 'location', 'categories', 'attributions'))
);
--> statement-breakpoint
CREATE TABLE "inventory_gap_groups" (
	"tenant_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"grouping" text NOT NULL,
	"key" integer,
	"label" text NOT NULL,
	"theoretical" integer NOT NULL,
	"counted" integer NOT NULL,
	"gap" integer NOT NULL,
	"gap_value" numeric(22, 2) NOT NULL,
	CONSTRAINT "inventory_gap_groups_grouping_ck" CHECK ("inventory_gap_groups"."grouping" in ('category', 'attribution'))
);
--> statement-breakpoint
CREATE TABLE "inventory_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"manual" integer,
	"is_counted" boolean DEFAULT false NOT NULL,
	"rescanned_at" timestamp with time zone,
	"theoretical" integer DEFAULT 0 NOT NULL,
	"counted" integer DEFAULT 0 NOT NULL,
	"gap" integer DEFAULT 0 NOT NULL,
	"gap_value" numeric(22, 2) DEFAULT '0' NOT NULL,
	"tags_expected" integer DEFAULT 0 NOT NULL,
	"tags_found" integer DEFAULT 0 NOT NULL,
	"tags_missing" integer DEFAULT 0 NOT NULL,
	"tags_unexpected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_lines_manual_ck" CHECK ("inventory_lines"."manual" is null or "inventory_lines"."manual" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"missed_inventories" integer DEFAULT 1 NOT NULL,
	"unseen_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_tags" (
	"tenant_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"epc" text NOT NULL,
	"tag_id" integer,
	"article_id" integer,
	"expected" boolean DEFAULT false NOT NULL,
	"expected_location" text,
	"in_stock" boolean,
	"seen_at" timestamp with time zone,
	"seen_location" text,
	CONSTRAINT "inventory_tags_pk" PRIMARY KEY("inventory_id","epc")
);
--> statement-breakpoint
CREATE TABLE "lost_articles" (
	"tenant_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"status" text DEFAULT 'suspected' NOT NULL,
	"cause" text NOT NULL,
	"missed_inventories" integer DEFAULT 0 NOT NULL,
	"inventory_id" integer,
	"suspected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"found_at" timestamp with time zone,
	"written_off" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lost_articles_pk" PRIMARY KEY("tenant_id","tag_id"),
	CONSTRAINT "lost_articles_status_ck" CHECK ("lost_articles"."status" in ('suspected', 'lost', 'found')),
	CONSTRAINT "lost_articles_cause_ck" CHECK ("lost_articles"."cause" in ('inventory', 'unseen'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_gap_groups" ADD CONSTRAINT "inventory_gap_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_gap_groups" ADD CONSTRAINT "inventory_gap_groups_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lines" ADD CONSTRAINT "inventory_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lines" ADD CONSTRAINT "inventory_lines_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lines" ADD CONSTRAINT "inventory_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_articles" ADD CONSTRAINT "lost_articles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_articles" ADD CONSTRAINT "lost_articles_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_articles" ADD CONSTRAINT "lost_articles_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_articles" ADD CONSTRAINT "lost_articles_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_tenant_number_uq" ON "inventories" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "inventories_tenant_finished_idx" ON "inventories" USING btree ("tenant_id","finished_at" DESC NULLS LAST) WHERE "inventories"."status" = 'finished';--> statement-breakpoint
CREATE INDEX "inventories_tenant_created_idx" ON "inventories" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_gap_groups_inventory_idx" ON "inventory_gap_groups" USING btree ("inventory_id","grouping");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_lines_inventory_article_uq" ON "inventory_lines" USING btree ("inventory_id","article_id");--> statement-breakpoint
CREATE INDEX "inventory_lines_gap_idx" ON "inventory_lines" USING btree ("inventory_id",abs("gap_value") desc) WHERE "inventory_lines"."gap" <> 0;--> statement-breakpoint
CREATE INDEX "inventory_tags_article_idx" ON "inventory_tags" USING btree ("inventory_id","article_id");--> statement-breakpoint
CREATE INDEX "inventory_tags_tag_idx" ON "inventory_tags" USING btree ("tag_id","inventory_id");--> statement-breakpoint
CREATE INDEX "lost_articles_tenant_status_idx" ON "lost_articles" USING btree ("tenant_id","status","suspected_at" DESC NULLS LAST);--> statement-breakpoint
SELECT app_protect_tenant_table('inventories');--> statement-breakpoint
SELECT app_protect_tenant_table('inventory_lines');--> statement-breakpoint
SELECT app_protect_tenant_table('inventory_tags');--> statement-breakpoint
SELECT app_protect_tenant_table('inventory_gap_groups');--> statement-breakpoint
SELECT app_protect_tenant_table('lost_articles');--> statement-breakpoint
SELECT app_protect_tenant_table('inventory_settings');--> statement-breakpoint
SELECT app_grant_new_resource('inventories');
