-- One trigram index over reference and designation: a search reads one index instead of two.
DROP INDEX IF EXISTS articles_reference_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS articles_designation_trgm;
--> statement-breakpoint
CREATE INDEX articles_search_trgm ON articles USING gin ((reference || ' ' || designation) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX articles_tenant_designation_idx ON articles (tenant_id, designation);
