CREATE TABLE "reservation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"event" text NOT NULL,
	"quantity" integer NOT NULL,
	"cause" text,
	"reason" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_events_event_ck" CHECK ("reservation_events"."event" in ('reserved', 'released'))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"customer_id" integer,
	"document_type" text,
	"document_id" integer,
	"until" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"released_at" timestamp with time zone,
	"release_cause" text,
	"release_reason" text,
	"created_by" integer,
	CONSTRAINT "reservations_quantity_ck" CHECK ("reservations"."quantity" > 0),
	CONSTRAINT "reservations_status_ck" CHECK ("reservations"."status" in ('active', 'released', 'expired')),
	CONSTRAINT "reservations_cause_ck" CHECK ("reservations"."release_cause" is null or "reservations"."release_cause" in ('manual', 'delivery', 'cancellation', 'expiry')),
	CONSTRAINT "reservations_document_ck" CHECK (("reservations"."document_type" is null) = ("reservations"."document_id" is null)
        and ("reservations"."document_type" is null or "reservations"."document_type" in ('proforma', 'invoice', 'delivery_note')))
);
--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_events_article_idx" ON "reservation_events" USING btree ("tenant_id","article_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservation_events_tenant_idx" ON "reservation_events" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservations_active_article_idx" ON "reservations" USING btree ("tenant_id","article_id") WHERE "reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_active_until_idx" ON "reservations" USING btree ("until") WHERE "reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_document_idx" ON "reservations" USING btree ("tenant_id","document_type","document_id");--> statement-breakpoint
CREATE INDEX "reservations_tenant_created_idx" ON "reservations" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_customer_idx" ON "reservations" USING btree ("customer_id");
--> statement-breakpoint
SELECT app_protect_tenant_table('reservations');
--> statement-breakpoint
SELECT app_protect_tenant_table('reservation_events');
--> statement-breakpoint
-- Roles that held every other permission (administrators) get reservations.read and .write; roles that held
-- every other read permission (readers) get reservations.read. "Every other" is the 21 resources before it.
INSERT INTO role_permissions (tenant_id, role_id, permission)
SELECT r.tenant_id, r.id, p.permission
FROM roles r
CROSS JOIN (VALUES ('reservations.read'), ('reservations.write')) AS p(permission)
WHERE (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
       WHERE rp.role_id = r.id AND rp.permission LIKE '%.read' AND rp.permission <> 'reservations.read') >= 21
  AND (p.permission LIKE '%.read'
       OR (SELECT count(DISTINCT rp.permission) FROM role_permissions rp
           WHERE rp.role_id = r.id AND rp.permission LIKE '%.write' AND rp.permission <> 'reservations.write') >= 21)
ON CONFLICT DO NOTHING;
