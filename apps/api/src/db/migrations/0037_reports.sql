CREATE TABLE "report_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"report_tries_limit" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_settings_limit_ck" CHECK ("report_settings"."report_tries_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_tries" (
	"tenant_id" integer NOT NULL,
	"month" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_tries_pk" PRIMARY KEY("tenant_id","month"),
	CONSTRAINT "report_tries_month_ck" CHECK ("report_tries"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"query" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"source" text DEFAULT 'builder' NOT NULL,
	"question" text,
	"created_by" integer,
	"last_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_source_ck" CHECK ("reports"."source" in ('builder', 'question'))
);
--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tries" ADD CONSTRAINT "report_tries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_tenant_created_idx" ON "reports" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
SELECT app_protect_tenant_table('reports');--> statement-breakpoint
SELECT app_protect_tenant_table('report_tries');--> statement-breakpoint
SELECT app_protect_tenant_table('report_settings');--> statement-breakpoint
SELECT app_grant_new_resource('reports');
