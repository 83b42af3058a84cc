CREATE TABLE "attributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumer_id" integer,
	"location" text,
	"article_id" integer,
	"tag_id" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text,
	CONSTRAINT "attributions_target_ck" CHECK (("attributions"."article_id" is null) <> ("attributions"."tag_id" is null)),
	CONSTRAINT "attributions_holder_ck" CHECK ("attributions"."consumer_id" is not null or "attributions"."location" is not null)
);
--> statement-breakpoint
CREATE TABLE "category_attributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumer_id" integer,
	"location" text,
	"category_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text,
	CONSTRAINT "category_attributions_holder_ck" CHECK ("category_attributions"."consumer_id" is not null or "category_attributions"."location" is not null)
);
--> statement-breakpoint
CREATE TABLE "consumers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"email" text,
	"phone" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "ingest_events" (
	"tenant_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_events_pk" PRIMARY KEY("reader_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"hostname" text,
	"mac" text,
	"location" text NOT NULL,
	"role" text NOT NULL,
	"antennas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"heartbeat_timeout_seconds" integer DEFAULT 120 NOT NULL,
	"presence_window_seconds" integer DEFAULT 30 NOT NULL,
	"direction_window_seconds" integer DEFAULT 10 NOT NULL,
	"secret_hash" text NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_heard_at" timestamp with time zone,
	CONSTRAINT "readers_tenant_name_uq" UNIQUE("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "tag_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"counts_in_stock" boolean DEFAULT true NOT NULL,
	"alarm_on_exit" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tag_families_tenant_name_uq" UNIQUE("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "tag_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"epc" text NOT NULL,
	"tag_id" integer,
	"article_id" integer,
	"reader_id" integer,
	"terminal_id" integer,
	"location" text,
	"antenna" integer,
	"rssi" real,
	"source" text NOT NULL,
	"is_authorized" boolean,
	"authorization_message" text,
	"stock_delta" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_presences" (
	"tenant_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"antenna" integer NOT NULL,
	"epc" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"movement_id" integer,
	CONSTRAINT "tag_presences_reader_id_antenna_epc_pk" PRIMARY KEY("reader_id","antenna","epc")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"epc" text NOT NULL,
	"tid" text,
	"family_id" integer,
	"article_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_reader_id" integer,
	"last_location" text,
	CONSTRAINT "tags_tenant_epc_uq" UNIQUE("tenant_id","epc")
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"manufacturer" text,
	"user_id" integer,
	"last_sync_at" timestamp with time zone,
	CONSTRAINT "terminals_tenant_imei_uq" UNIQUE("tenant_id","imei")
);
--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributions" ADD CONSTRAINT "category_attributions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributions" ADD CONSTRAINT "category_attributions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributions" ADD CONSTRAINT "category_attributions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_events" ADD CONSTRAINT "ingest_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_events" ADD CONSTRAINT "ingest_events_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_families" ADD CONSTRAINT "tag_families_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_movements" ADD CONSTRAINT "tag_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_movements" ADD CONSTRAINT "tag_movements_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_movements" ADD CONSTRAINT "tag_movements_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_movements" ADD CONSTRAINT "tag_movements_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_movements" ADD CONSTRAINT "tag_movements_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_presences" ADD CONSTRAINT "tag_presences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_presences" ADD CONSTRAINT "tag_presences_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_family_id_tag_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."tag_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_last_reader_id_readers_id_fk" FOREIGN KEY ("last_reader_id") REFERENCES "public"."readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributions_article_idx" ON "attributions" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "attributions_tag_idx" ON "attributions" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "attributions_consumer_idx" ON "attributions" USING btree ("consumer_id");--> statement-breakpoint
CREATE INDEX "category_attributions_category_idx" ON "category_attributions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "category_attributions_consumer_idx" ON "category_attributions" USING btree ("consumer_id");--> statement-breakpoint
CREATE INDEX "consumers_tenant_name_idx" ON "consumers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "readers_online_idx" ON "readers" USING btree ("online","last_heard_at");--> statement-breakpoint
CREATE INDEX "readers_hostname_idx" ON "readers" USING btree ("hostname");--> statement-breakpoint
CREATE INDEX "readers_mac_idx" ON "readers" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "tag_movements_tenant_seen_idx" ON "tag_movements" USING btree ("tenant_id","seen_at","id");--> statement-breakpoint
CREATE INDEX "tag_movements_tag_idx" ON "tag_movements" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "tags_article_idx" ON "tags" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "tags_family_idx" ON "tags" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "tags_tenant_status_idx" ON "tags" USING btree ("tenant_id","status");