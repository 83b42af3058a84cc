-- Row-level security keeps non-leakproof operators such as ILIKE from using an index (the policy must run
-- first), so a search under the app role would scan every article of the tenant. This function runs the
-- trigram search as the table owner, restricted to the transaction's tenant, and returns only ids; the
-- outer query still reads the rows under row-level security.
CREATE FUNCTION article_ids_matching(pattern text) RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT id FROM articles WHERE tenant_id = app_tenant_id() AND (reference || ' ' || designation) ILIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION article_ids_matching(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION article_ids_matching(text) TO tagstock_app;
