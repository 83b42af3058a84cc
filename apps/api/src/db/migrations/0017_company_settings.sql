-- The tenant's company identity printed on its documents (DESIGN §4b): one row per tenant, the logo inside it.
CREATE TABLE "company_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"postcode" text,
	"city" text,
	"country" text,
	"siren" text,
	"vat_number" text,
	"email" text,
	"phone" text,
	"website" text,
	"legal_mentions" text,
	"iban" text,
	"bic" text,
	"logo" bytea,
	"logo_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_siren_ck" CHECK ("company_settings"."siren" ~ '^[0-9]{9}$'),
	CONSTRAINT "company_settings_logo_ck" CHECK (("company_settings"."logo" is null) = ("company_settings"."logo_mime" is null) and ("company_settings"."logo_mime" is null or "company_settings"."logo_mime" in ('image/png', 'image/jpeg')))
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
SELECT app_protect_tenant_table('company_settings');
--> statement-breakpoint
-- Explicit rather than through 0016's default privileges, which follow the role that set them.
GRANT SELECT, INSERT, UPDATE, DELETE ON company_settings TO tagstock_app;
--> statement-breakpoint
-- Tenants created before payment modes existed get the default ones (DEFAULT_PAYMENT_MODES), so that they can
-- place purchase orders; new tenants get them when created (seedTenantDefaults).
INSERT INTO payment_modes (tenant_id, label, code)
SELECT t.id, m.label, m.code
FROM tenants t
CROSS JOIN (VALUES ('Virement', '30'), ('Chèque', '20'), ('Carte bancaire', '48'), ('Espèces', '10'),
                   ('LCR', NULL), ('Prélèvement', '49')) AS m(label, code)
WHERE NOT EXISTS (SELECT 1 FROM payment_modes p WHERE p.tenant_id = t.id)
ON CONFLICT DO NOTHING;
