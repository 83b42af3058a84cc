-- Tenant isolation as a guarantee: FORCE ROW LEVEL SECURITY on every tenant table (the owner meets it too).
-- The runtime connects as tagstock_app (LOGIN, NOSUPERUSER, NOBYPASSRLS, NOINHERIT, owns nothing): its policy sees
-- the transaction's tenant only, and with no tenant set it sees no row (fail closed). Cross-tenant work switches
-- for one transaction to the role tagstock_platform (withPlatform), the only one a platform policy applies to.
-- Two policies rather than one with an OR: the tenant predicate stays a plain equality the planner estimates well.
DO $$ BEGIN
  CREATE ROLE tagstock_platform NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- tagstock_app may SET ROLE tagstock_platform, but NOINHERIT: the platform policy never applies to it by itself.
-- NOINHERIT first: from PostgreSQL 16 a membership takes its INHERIT option from the member role at grant time.
DO $$ BEGIN
  IF (SELECT rolinherit FROM pg_roles WHERE rolname = 'tagstock_app') THEN
    ALTER ROLE tagstock_app NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
                 WHERE r.rolname = 'tagstock_platform' AND u.rolname = 'tagstock_app') THEN
    GRANT tagstock_platform TO tagstock_app;
  END IF;
EXCEPTION WHEN OTHERS THEN
  -- Roles are cluster-wide: another database of the server may have done this at the same time.
  IF (SELECT rolinherit FROM pg_roles WHERE rolname = 'tagstock_app') THEN RAISE; END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tagstock_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tagstock_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tagstock_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tagstock_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tagstock_platform;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION article_ids_matching(text) TO tagstock_platform;
--> statement-breakpoint
-- Future migrations call this for each new tenant table; the schema test fails when one is forgotten.
CREATE FUNCTION app_protect_tenant_table(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', t);
  EXECUTE format('DROP POLICY IF EXISTS platform_access ON %s', t);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s USING (tenant_id = app_tenant_id()) '
    'WITH CHECK (tenant_id = app_tenant_id())', t);
  EXECUTE format('CREATE POLICY platform_access ON %s TO tagstock_platform USING (true) WITH CHECK (true)', t);
END $$;
--> statement-breakpoint
SELECT app_protect_tenant_table(format('%I.%I', c.table_schema, c.table_name)::regclass)
FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE';
--> statement-breakpoint
-- A tenant sees its own tenant row; the list of tenants is platform work.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants FOR SELECT USING (id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY platform_access ON tenants TO tagstock_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Roles are cluster-wide: another database of the server may have done this already, maybe at the same time.
DO $$ BEGIN
  IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'tagstock_app') THEN
    ALTER ROLE tagstock_app LOGIN;
  END IF;
EXCEPTION WHEN OTHERS THEN
  IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'tagstock_app') THEN RAISE; END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO tagstock_app', current_database());
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tagstock_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tagstock_app;
