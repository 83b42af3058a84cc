-- The permissions of a new resource for the roles that hold the whole catalogue before it, without counting it by
-- hand: administrators (every other read and write permission) get <resource>.read and .write, readers (every
-- other read permission) get <resource>.read. "Every other" is every permission of another resource some role
-- holds, which is the catalogue as administrators were given it. A migration adding a resource calls
-- SELECT app_grant_new_resource('<resource>'); (scripts/check-migrations.mjs refuses a count written by hand).
CREATE FUNCTION app_grant_new_resource(resource text) RETURNS void LANGUAGE sql AS $$
  WITH others AS (
    SELECT tenant_id, role_id, permission, split_part(permission, '.', 2) AS access
    FROM role_permissions WHERE split_part(permission, '.', 1) <> resource),
  catalogue AS (
    SELECT count(DISTINCT permission) FILTER (WHERE access = 'read') AS reads,
      count(DISTINCT permission) FILTER (WHERE access = 'write') AS writes
    FROM others),
  held AS (
    SELECT tenant_id, role_id, count(DISTINCT permission) FILTER (WHERE access = 'read') AS reads,
      count(DISTINCT permission) FILTER (WHERE access = 'write') AS writes
    FROM others GROUP BY tenant_id, role_id)
  INSERT INTO role_permissions (tenant_id, role_id, permission)
  SELECT h.tenant_id, h.role_id, resource || '.' || p.access
  FROM held h CROSS JOIN catalogue c CROSS JOIN (VALUES ('read'), ('write')) AS p(access)
  WHERE c.reads > 0 AND h.reads >= c.reads AND (p.access = 'read' OR h.writes >= c.writes)
  ON CONFLICT DO NOTHING;
$$;
