-- Lists sort ascending nulls first, then by id: an index in exactly that order lets a page (and each page of an
-- export, keyset on the key and the id) stop after its rows instead of sorting every article of the tenant.
CREATE INDEX articles_tenant_reference_order_idx ON articles (tenant_id, reference NULLS FIRST, id);
--> statement-breakpoint
DROP INDEX IF EXISTS articles_tenant_designation_idx;
--> statement-breakpoint
CREATE INDEX articles_tenant_designation_order_idx ON articles (tenant_id, designation NULLS FIRST, id);
