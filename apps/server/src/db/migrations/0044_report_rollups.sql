CREATE TABLE "report_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"family" text NOT NULL,
	"group_id" uuid,
	"agent_id" uuid,
	"source" text,
	"queue_id" uuid,
	"hotline" text,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_days_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_daily_tenant_family_day_idx" ON "report_daily" USING btree ("tenant_id","family","day");--> statement-breakpoint
-- Reports' rollups (reports/metrics-rollup.ts) hold only days before yesterday in the tenant's
-- calendar. A change reaching such a day deletes its report_days line, so the next report rolls
-- it again. A change within the last 20 hours cannot reach one (a day lasts 23 hours at least),
-- so the hot paths (a new message, a new ticket) return at once. The shared lock orders the
-- change with a roll of the tenant in progress (which holds it exclusively): either the roll
-- sees the change, or the change unrolls what the roll wrote.
CREATE FUNCTION report_unroll_days(tenant uuid, instants timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(instants) t WHERE t < now() - interval '20 hours') THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || tenant::text, 0));
  -- Nothing rolled yet (a bulk load of history): nothing to unroll. Read under the lock, so a
  -- roll in progress has committed its days by then.
  IF NOT EXISTS (SELECT 1 FROM report_days WHERE tenant_id = tenant) THEN
    RETURN;
  END IF;
  DELETE FROM report_days d USING tenants te
  WHERE te.id = tenant AND d.tenant_id = tenant
    AND d.day IN (SELECT (t AT TIME ZONE te.time_zone)::date FROM unnest(instants) t
      WHERE t < now() - interval '20 hours');
END $$;
--> statement-breakpoint
-- Every instant a ticket's rolled rows are placed at: its creation, solve and breach; with its
-- dimensions (all = true), also its messages, reopens, ratings and surveys.
CREATE FUNCTION report_ticket_instants(t tickets, every boolean) RETURNS timestamptz[]
LANGUAGE sql STABLE AS $$
  SELECT array[t.created_at, t.solved_at, t.sla_breached_at] || CASE WHEN every THEN
    coalesce((SELECT array_agg(m.created_at) FROM messages m
      WHERE m.ticket_id = t.id AND m.created_at < now() - interval '20 hours'), '{}')
    || coalesce((SELECT array_agg(a.created_at) FROM audit_log a
      WHERE a.tenant_id = t.tenant_id AND a.entity = 'ticket' AND a.entity_id = t.id::text
        AND a.created_at < now() - interval '20 hours'), '{}')
    || coalesce((SELECT array_agg(x) FROM conversations cv, unnest(array[cv.rated_at, cv.survey_asked_at]) x
      WHERE cv.ticket_id = t.id), '{}')
  ELSE '{}'::timestamptz[] END
$$;
--> statement-breakpoint
CREATE FUNCTION report_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_unroll_days(NEW.tenant_id, report_ticket_instants(NEW, false));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_unroll_days(OLD.tenant_id, report_ticket_instants(OLD, true));
  ELSIF (OLD.group_id, OLD.assignee_id, OLD.source) IS DISTINCT FROM (NEW.group_id, NEW.assignee_id, NEW.source) THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(OLD, true) || report_ticket_instants(NEW, false));
  ELSIF (OLD.created_at, OLD.solved_at, OLD.sla_breached_at, OLD.sla_policy_id)
      IS DISTINCT FROM (NEW.created_at, NEW.solved_at, NEW.sla_breached_at, NEW.sla_policy_id) THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(OLD, false) || report_ticket_instants(NEW, false));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_ticket_inserted AFTER INSERT ON tickets
FOR EACH ROW WHEN (NEW.created_at < now() - interval '20 hours' OR NEW.solved_at < now() - interval '20 hours' OR NEW.sla_breached_at < now() - interval '20 hours')
EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
CREATE TRIGGER report_ticket_updated AFTER UPDATE ON tickets
FOR EACH ROW WHEN ((OLD.group_id, OLD.assignee_id, OLD.source, OLD.created_at, OLD.solved_at,
    OLD.sla_breached_at, OLD.sla_policy_id)
  IS DISTINCT FROM (NEW.group_id, NEW.assignee_id, NEW.source, NEW.created_at, NEW.solved_at,
    NEW.sla_breached_at, NEW.sla_policy_id))
EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
CREATE TRIGGER report_ticket_deleted AFTER DELETE ON tickets
FOR EACH ROW EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
-- Messages, calls, conversations (ratings, surveys) and audit lines (reopens): their own instants.
CREATE FUNCTION report_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant uuid;
  instants timestamptz[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN tenant := OLD.tenant_id; ELSE tenant := NEW.tenant_id; END IF;
  IF TG_TABLE_NAME = 'messages' OR TG_TABLE_NAME = 'audit_log' THEN
    IF TG_OP <> 'INSERT' THEN instants := instants || OLD.created_at; END IF;
    IF TG_OP <> 'DELETE' THEN instants := instants || NEW.created_at; END IF;
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
-- Each trigger fires only where its rolled figures may change, so a new message or a live call
-- never calls a function.
CREATE TRIGGER report_message_inserted AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.created_at < now() - interval '20 hours') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_message_updated AFTER UPDATE ON messages
FOR EACH ROW WHEN ((OLD.created_at, OLD.ticket_id, OLD.direction, OLD.author_type, OLD.public, OLD.kind)
  IS DISTINCT FROM (NEW.created_at, NEW.ticket_id, NEW.direction, NEW.author_type, NEW.public, NEW.kind))
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_message_deleted AFTER DELETE ON messages
FOR EACH ROW WHEN (OLD.created_at < now() - interval '20 hours') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_call_inserted AFTER INSERT ON calls
FOR EACH ROW WHEN (NEW.started_at < now() - interval '20 hours') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_call_updated AFTER UPDATE ON calls
FOR EACH ROW WHEN (OLD.started_at < now() - interval '20 hours' OR NEW.started_at < now() - interval '20 hours')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_call_deleted AFTER DELETE ON calls
FOR EACH ROW WHEN (OLD.started_at < now() - interval '20 hours') EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_conversation_inserted AFTER INSERT ON conversations
FOR EACH ROW WHEN (NEW.rated_at < now() - interval '20 hours' OR NEW.survey_asked_at < now() - interval '20 hours')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_conversation_updated AFTER UPDATE ON conversations
FOR EACH ROW WHEN ((OLD.rated_at, OLD.rating, OLD.survey_asked_at, OLD.ticket_id)
  IS DISTINCT FROM (NEW.rated_at, NEW.rating, NEW.survey_asked_at, NEW.ticket_id))
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_conversation_deleted AFTER DELETE ON conversations
FOR EACH ROW WHEN (OLD.rated_at < now() - interval '20 hours' OR OLD.survey_asked_at < now() - interval '20 hours')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
CREATE TRIGGER report_audit_inserted AFTER INSERT ON audit_log
FOR EACH ROW WHEN (NEW.entity = 'ticket' AND NEW.created_at < now() - interval '20 hours')
EXECUTE FUNCTION report_row_changed();
--> statement-breakpoint
-- Days are the tenant's: another time zone unrolls them all.
CREATE FUNCTION report_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_days WHERE tenant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_zone_changed AFTER UPDATE OF time_zone ON tenants
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
EXECUTE FUNCTION report_zone_changed();
