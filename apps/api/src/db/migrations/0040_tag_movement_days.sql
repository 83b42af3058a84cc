CREATE TABLE "tag_movement_days" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"in_count" integer DEFAULT 0 NOT NULL,
	"out_count" integer DEFAULT 0 NOT NULL,
	"unknown_count" integer DEFAULT 0 NOT NULL,
	"seen_count" integer DEFAULT 0 NOT NULL,
	"unauthorized_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_movement_days_pk" PRIMARY KEY("tenant_id","day","slot")
);
--> statement-breakpoint
ALTER TABLE "tag_movement_days" ADD CONSTRAINT "tag_movement_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tags_non_active_idx" ON "tags" USING btree ("tenant_id","epc" NULLS FIRST,"id") WHERE "tags"."status" <> 'active';--> statement-breakpoint
-- tag_movement_days follows every change of tag_movements: one upsert per statement, its rows grouped by tenant
-- and UTC day (in that order, so that two statements lock their rows in one order), adding the inserted rows,
-- subtracting the deleted ones, and for an update the new rows minus the old (nothing when no count changes).
-- It runs as the writer, under its row-level security: the rows it adds are the writer's tenant's own.
CREATE FUNCTION tag_movement_days_add(changes jsonb) RETURNS void LANGUAGE sql SET search_path = public AS $$
  INSERT INTO tag_movement_days AS d
    (tenant_id, day, slot, in_count, out_count, unknown_count, seen_count, unauthorized_count)
  SELECT c.tenant_id, c.day, (pg_backend_pid() % 16)::smallint, c.i, c.o, c.u, c.s, c.x
    FROM jsonb_to_recordset(changes) AS c(tenant_id int, day date, i int, o int, u int, s int, x int)
   WHERE (c.i, c.o, c.u, c.s, c.x) <> (0, 0, 0, 0, 0)
   ORDER BY 1, 2
  ON CONFLICT (tenant_id, day, slot) DO UPDATE SET
    in_count = d.in_count + excluded.in_count, out_count = d.out_count + excluded.out_count,
    unknown_count = d.unknown_count + excluded.unknown_count, seen_count = d.seen_count + excluded.seen_count,
    unauthorized_count = d.unauthorized_count + excluded.unauthorized_count
$$;
--> statement-breakpoint
CREATE FUNCTION tag_movement_days_count() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE tag_movement_days;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT tenant_id, (seen_at AT TIME ZONE 'UTC')::date AS day,
             count(*) FILTER (WHERE event_type = 'IN') AS i, count(*) FILTER (WHERE event_type = 'OUT') AS o,
             count(*) FILTER (WHERE event_type = 'unknown') AS u, count(*) FILTER (WHERE event_type = 'seen') AS s,
             count(*) FILTER (WHERE is_authorized = false) AS x
        FROM new_rows GROUP BY 1, 2) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT tenant_id, (seen_at AT TIME ZONE 'UTC')::date AS day,
             -count(*) FILTER (WHERE event_type = 'IN') AS i, -count(*) FILTER (WHERE event_type = 'OUT') AS o,
             -count(*) FILTER (WHERE event_type = 'unknown') AS u, -count(*) FILTER (WHERE event_type = 'seen') AS s,
             -count(*) FILTER (WHERE is_authorized = false) AS x
        FROM old_rows GROUP BY 1, 2) c;
  ELSE
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT tenant_id, (seen_at AT TIME ZONE 'UTC')::date AS day,
             coalesce(sum(n) FILTER (WHERE event_type = 'IN'), 0) AS i,
             coalesce(sum(n) FILTER (WHERE event_type = 'OUT'), 0) AS o,
             coalesce(sum(n) FILTER (WHERE event_type = 'unknown'), 0) AS u,
             coalesce(sum(n) FILTER (WHERE event_type = 'seen'), 0) AS s,
             coalesce(sum(n) FILTER (WHERE is_authorized = false), 0) AS x
        FROM (SELECT tenant_id, seen_at, event_type, is_authorized, 1 AS n FROM new_rows
              UNION ALL
              SELECT tenant_id, seen_at, event_type, is_authorized, -1 FROM old_rows) m
       GROUP BY 1, 2) c;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM tag_movement_days_add(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tag_movement_days_insert AFTER INSERT ON tag_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_movement_days_count();
--> statement-breakpoint
CREATE TRIGGER tag_movement_days_update AFTER UPDATE ON tag_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_movement_days_count();
--> statement-breakpoint
CREATE TRIGGER tag_movement_days_delete AFTER DELETE ON tag_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_movement_days_count();
--> statement-breakpoint
CREATE TRIGGER tag_movement_days_truncate AFTER TRUNCATE ON tag_movements
  FOR EACH STATEMENT EXECUTE FUNCTION tag_movement_days_count();
--> statement-breakpoint
-- The movements already there, counted once. The owner reads every tenant's: row-level security is not forced on
-- tag_movements for this transaction's statement (an owner that is not a superuser would otherwise see none).
ALTER TABLE tag_movements NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO tag_movement_days (tenant_id, day, slot, in_count, out_count, unknown_count, seen_count, unauthorized_count)
SELECT tenant_id, (seen_at AT TIME ZONE 'UTC')::date, 0,
       count(*) FILTER (WHERE event_type = 'IN'), count(*) FILTER (WHERE event_type = 'OUT'),
       count(*) FILTER (WHERE event_type = 'unknown'), count(*) FILTER (WHERE event_type = 'seen'),
       count(*) FILTER (WHERE is_authorized = false)
  FROM tag_movements GROUP BY 1, 2;
--> statement-breakpoint
ALTER TABLE tag_movements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
SELECT app_protect_tenant_table('tag_movement_days');
