CREATE TABLE "report_hours" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_hours_tenant_id_day_hour_pk" PRIMARY KEY("tenant_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "report_hours" ADD CONSTRAINT "report_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Reports' rollups now hold every hour settled more than an hour ago: the days before (whole,
-- report_days) and the hours of the day after (report_hours), so a report computes at most two
-- hours from the raw rows rather than up to two days. A change reaching an instant settled more
-- than an hour ago unrolls its day and its hour. The window was 20 hours; a change within the
-- last hour still returns at once.
CREATE OR REPLACE FUNCTION report_unroll_days(tenant uuid, instants timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(instants) t WHERE t < now() - interval '1 hour') THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || tenant::text, 0));
  -- Nothing rolled yet (a bulk load of history): nothing to unroll. Read under the lock, so a
  -- roll in progress has committed by then.
  IF NOT EXISTS (SELECT 1 FROM report_days WHERE tenant_id = tenant)
      AND NOT EXISTS (SELECT 1 FROM report_hours WHERE tenant_id = tenant) THEN
    RETURN;
  END IF;
  DELETE FROM report_days d USING tenants te
  WHERE te.id = tenant AND d.tenant_id = tenant
    AND d.day IN (SELECT (t AT TIME ZONE te.time_zone)::date FROM unnest(instants) t
      WHERE t < now() - interval '1 hour');
  DELETE FROM report_hours h USING tenants te
  WHERE te.id = tenant AND h.tenant_id = tenant
    AND (h.day, h.hour) IN (SELECT (t AT TIME ZONE te.time_zone)::date,
        extract(hour FROM t AT TIME ZONE te.time_zone)::smallint
      FROM unnest(instants) t WHERE t < now() - interval '1 hour');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_ticket_instants(t tickets, every boolean) RETURNS timestamptz[]
LANGUAGE sql STABLE AS $$
  SELECT array[t.created_at, t.solved_at, t.closed_at, t.sla_breached_at] || CASE WHEN every THEN
    coalesce((SELECT array_agg(m.created_at) FROM messages m
      WHERE m.ticket_id = t.id AND m.created_at < now() - interval '1 hour'), '{}')
    || coalesce((SELECT array_agg(a.created_at) FROM audit_log a
      WHERE a.tenant_id = t.tenant_id AND a.entity = 'ticket' AND a.entity_id = t.id::text
        AND a.created_at < now() - interval '1 hour'), '{}')
    || coalesce((SELECT array_agg(x) FROM conversations cv, unnest(array[cv.rated_at, cv.survey_asked_at]) x
      WHERE cv.ticket_id = t.id), '{}')
  ELSE '{}'::timestamptz[] END
$$;
--> statement-breakpoint
-- Instants from a to b, both included: one in each of the tenant's days between (every 12
-- hours: a day lasts 23 hours at least) and, over the last three days, where hours are rolled
-- (only the day of an hour ago's), one in each hour (every 30 minutes: an hour of the wall
-- clock lasts an hour at least, or is skipped). A year back is some 800 instants, not 17,000.
CREATE OR REPLACE FUNCTION report_instants_between(a timestamptz, b timestamptz) RETURNS timestamptz[]
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN a IS NULL OR b IS NULL THEN '{}'::timestamptz[] ELSE
    array(SELECT generate_series(least(a, b), greatest(a, b), interval '12 hours'))
    || array(SELECT generate_series(greatest(least(a, b), now() - interval '3 days'), greatest(a, b),
      interval '30 minutes'))
    || greatest(a, b) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant uuid;
  instants timestamptz[] := '{}';
  ticket_ids uuid[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN tenant := OLD.tenant_id; ELSE tenant := NEW.tenant_id; END IF;
  IF TG_TABLE_NAME = 'messages' OR TG_TABLE_NAME = 'audit_log' THEN
    IF TG_OP <> 'INSERT' THEN instants := instants || OLD.created_at; END IF;
    IF TG_OP <> 'DELETE' THEN instants := instants || NEW.created_at; END IF;
    IF TG_TABLE_NAME = 'messages' THEN
      IF TG_OP <> 'INSERT' THEN ticket_ids := ticket_ids || OLD.ticket_id; END IF;
      IF TG_OP <> 'DELETE' THEN ticket_ids := ticket_ids || NEW.ticket_id; END IF;
    ELSIF NEW.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      ticket_ids := ticket_ids || NEW.entity_id::uuid;
    END IF;
    -- Only where something is rolled (not while history is loaded in bulk), read under the roll
    -- lock as report_unroll_days does.
    IF EXISTS (SELECT 1 FROM unnest(instants) t WHERE t < now() - interval '1 hour') THEN
      PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || tenant::text, 0));
      IF EXISTS (SELECT 1 FROM report_days WHERE tenant_id = tenant)
          OR EXISTS (SELECT 1 FROM report_hours WHERE tenant_id = tenant) THEN
        instants := instants || coalesce((SELECT array_agg(x) FROM tickets tk,
          unnest(report_ticket_instants(tk, true)) x
          WHERE tk.id = ANY (ticket_ids)), '{}');
      END IF;
    END IF;
  ELSIF TG_TABLE_NAME = 'calls' THEN
    IF TG_OP <> 'INSERT' THEN instants := instants || OLD.started_at; END IF;
    IF TG_OP <> 'DELETE' THEN instants := instants || NEW.started_at; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN instants := instants || array[OLD.rated_at, OLD.survey_asked_at]; END IF;
    IF TG_OP <> 'DELETE' THEN instants := instants || array[NEW.rated_at, NEW.survey_asked_at]; END IF;
  END IF;
  PERFORM report_unroll_days(tenant, instants);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || NEW.id::text, 0));
  DELETE FROM report_days WHERE tenant_id = NEW.id;
  DELETE FROM report_hours WHERE tenant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER report_ticket_inserted ON tickets;
--> statement-breakpoint
CREATE TRIGGER report_ticket_inserted AFTER INSERT ON tickets
FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 hour' OR NEW.solved_at < now() - interval '1 hour'
  OR NEW.closed_at < now() - interval '1 hour' OR NEW.sla_breached_at < now() - interval '1 hour')
EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
DROP TRIGGER report_message_inserted ON messages;
--> statement-breakpoint
CREATE TRIGGER report_message_inserted AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 hour') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_message_deleted ON messages;
--> statement-breakpoint
CREATE TRIGGER report_message_deleted AFTER DELETE ON messages
FOR EACH ROW WHEN (OLD.created_at < now() - interval '1 hour') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_call_inserted ON calls;
--> statement-breakpoint
CREATE TRIGGER report_call_inserted AFTER INSERT ON calls
FOR EACH ROW WHEN (NEW.started_at < now() - interval '1 hour') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_call_updated ON calls;
--> statement-breakpoint
CREATE TRIGGER report_call_updated AFTER UPDATE ON calls
FOR EACH ROW WHEN (OLD.started_at < now() - interval '1 hour' OR NEW.started_at < now() - interval '1 hour')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_call_deleted ON calls;
--> statement-breakpoint
CREATE TRIGGER report_call_deleted AFTER DELETE ON calls
FOR EACH ROW WHEN (OLD.started_at < now() - interval '1 hour') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_conversation_inserted ON conversations;
--> statement-breakpoint
CREATE TRIGGER report_conversation_inserted AFTER INSERT ON conversations
FOR EACH ROW WHEN (NEW.rated_at < now() - interval '1 hour' OR NEW.survey_asked_at < now() - interval '1 hour')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_conversation_deleted ON conversations;
--> statement-breakpoint
CREATE TRIGGER report_conversation_deleted AFTER DELETE ON conversations
FOR EACH ROW WHEN (OLD.rated_at < now() - interval '1 hour' OR OLD.survey_asked_at < now() - interval '1 hour')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_audit_inserted ON audit_log;
--> statement-breakpoint
CREATE TRIGGER report_audit_inserted AFTER INSERT ON audit_log
FOR EACH ROW WHEN (NEW.entity = 'ticket' AND NEW.created_at < now() - interval '1 hour')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
DROP TRIGGER report_presence_inserted ON presence_log;
--> statement-breakpoint
CREATE TRIGGER report_presence_inserted AFTER INSERT ON presence_log
FOR EACH ROW WHEN (NEW.at < now() - interval '1 hour') EXECUTE FUNCTION report_presence_changed();
--> statement-breakpoint
DROP TRIGGER report_presence_deleted ON presence_log;
--> statement-breakpoint
CREATE TRIGGER report_presence_deleted AFTER DELETE ON presence_log
FOR EACH ROW WHEN (OLD.at < now() - interval '1 hour') EXECUTE FUNCTION report_presence_changed();
--> statement-breakpoint
-- Presence is now cut at every hour and the lines have an agent-by-day grain: every day rolls
-- again (a report rolls up to 7 days, a job the rest).
DELETE FROM report_days;
