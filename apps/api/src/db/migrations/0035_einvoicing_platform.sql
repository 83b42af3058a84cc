CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_tenant_topic_key_uq" UNIQUE("tenant_id","topic","key"),
	CONSTRAINT "outbox_status_ck" CHECK ("outbox"."status" in ('waiting', 'failed', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "einvoice_lifecycle" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"reason_code" text,
	"note" text,
	"duplicate" boolean DEFAULT false NOT NULL,
	"flow_id" text,
	"user_id" integer,
	CONSTRAINT "einvoice_lifecycle_kind_ck" CHECK ("einvoice_lifecycle"."document_kind" in ('invoice', 'credit_note', 'received_invoice')),
	CONSTRAINT "einvoice_lifecycle_code_ck" CHECK ("einvoice_lifecycle"."code" ~ '^2(0[0-9]|1[0-3])$'),
	CONSTRAINT "einvoice_lifecycle_source_ck" CHECK ("einvoice_lifecycle"."source" in ('platform', 'user'))
);
--> statement-breakpoint
CREATE TABLE "einvoicing_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text NOT NULL,
	"token_url" text,
	"client_id" text NOT NULL,
	"client_secret" text,
	"organization_id" text,
	"webhook_secret" text,
	"webhook_uid" text,
	"cursor" text,
	"updated_by" integer,
	CONSTRAINT "einvoicing_settings_tenant_uq" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "platform_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flow_id" text NOT NULL,
	"syntax" text NOT NULL,
	"recorded_as" text,
	"error" text,
	CONSTRAINT "platform_flows_tenant_flow_uq" UNIQUE("tenant_id","flow_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_lifecycle" ADD CONSTRAINT "einvoice_lifecycle_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_lifecycle" ADD CONSTRAINT "einvoice_lifecycle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoicing_settings" ADD CONSTRAINT "einvoicing_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoicing_settings" ADD CONSTRAINT "einvoicing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" <> 'sent' and "outbox"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_tenant_topic_status_idx" ON "outbox" USING btree ("tenant_id","topic","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "einvoice_lifecycle_document_idx" ON "einvoice_lifecycle" USING btree ("tenant_id","document_kind","document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_lifecycle_flow_uq" ON "einvoice_lifecycle" USING btree ("tenant_id","flow_id") WHERE "einvoice_lifecycle"."flow_id" is not null;
--> statement-breakpoint
SELECT app_protect_tenant_table('outbox');--> statement-breakpoint
SELECT app_protect_tenant_table('einvoicing_settings');--> statement-breakpoint
SELECT app_protect_tenant_table('einvoice_lifecycle');--> statement-breakpoint
SELECT app_protect_tenant_table('platform_flows');--> statement-breakpoint
SELECT app_grant_new_resource('einvoicing');
