CREATE TABLE "handheld_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" uuid NOT NULL,
	"terminal_id" integer NOT NULL,
	"user_id" integer,
	"location" text NOT NULL,
	"started_at" timestamp with time zone,
	"read_count" integer NOT NULL,
	"known_count" integer NOT NULL,
	CONSTRAINT "handheld_sessions_tenant_session_uq" UNIQUE("tenant_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "handheld_sessions" ADD CONSTRAINT "handheld_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_sessions" ADD CONSTRAINT "handheld_sessions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_sessions" ADD CONSTRAINT "handheld_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;