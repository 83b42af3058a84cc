CREATE TABLE "issued_documents" (
	"tenant_id" integer NOT NULL,
	"entity" text NOT NULL,
	"document_id" integer NOT NULL,
	"language" text NOT NULL,
	"number" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_documents_tenant_id_entity_document_id_language_pk" PRIMARY KEY("tenant_id","entity","document_id","language"),
	CONSTRAINT "issued_documents_language_ck" CHECK ("issued_documents"."language" in ('fr', 'en')),
	CONSTRAINT "issued_documents_sha256_ck" CHECK ("issued_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
SELECT app_protect_tenant_table('issued_documents');