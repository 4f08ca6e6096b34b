-- Replies and missed chats are rolled up too (reports/metrics-rollup.repository.ts).
-- A missed chat is placed when it ends, solved or closed: the close joins a ticket's instants.
CREATE OR REPLACE FUNCTION report_ticket_instants(t tickets, every boolean) RETURNS timestamptz[]
LANGUAGE sql STABLE AS $$
  SELECT array[t.created_at, t.solved_at, t.closed_at, t.sla_breached_at] || CASE WHEN every THEN
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
CREATE OR REPLACE FUNCTION report_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_unroll_days(NEW.tenant_id, report_ticket_instants(NEW, false));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_unroll_days(OLD.tenant_id, report_ticket_instants(OLD, true));
  ELSIF (OLD.group_id, OLD.assignee_id, OLD.source) IS DISTINCT FROM (NEW.group_id, NEW.assignee_id, NEW.source) THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(OLD, true) || report_ticket_instants(NEW, false));
  ELSIF (OLD.created_at, OLD.solved_at, OLD.closed_at, OLD.sla_breached_at, OLD.sla_policy_id)
      IS DISTINCT FROM (NEW.created_at, NEW.solved_at, NEW.closed_at, NEW.sla_breached_at, NEW.sla_policy_id) THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(OLD, false) || report_ticket_instants(NEW, false));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER report_ticket_inserted ON tickets;
--> statement-breakpoint
CREATE TRIGGER report_ticket_inserted AFTER INSERT ON tickets
FOR EACH ROW WHEN (NEW.created_at < now() - interval '20 hours' OR NEW.solved_at < now() - interval '20 hours'
  OR NEW.closed_at < now() - interval '20 hours' OR NEW.sla_breached_at < now() - interval '20 hours')
EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
DROP TRIGGER report_ticket_updated ON tickets;
--> statement-breakpoint
CREATE TRIGGER report_ticket_updated AFTER UPDATE ON tickets
FOR EACH ROW WHEN ((OLD.group_id, OLD.assignee_id, OLD.source, OLD.created_at, OLD.solved_at,
    OLD.closed_at, OLD.sla_breached_at, OLD.sla_policy_id)
  IS DISTINCT FROM (NEW.group_id, NEW.assignee_id, NEW.source, NEW.created_at, NEW.solved_at,
    NEW.closed_at, NEW.sla_breached_at, NEW.sla_policy_id))
EXECUTE FUNCTION report_ticket_changed();
--> statement-breakpoint
-- A reply's time is measured from the block of customer messages before it, whether it is a
-- first response hangs on the ticket's earlier replies and reopens, and whether a chat was
-- missed on the replies before it ended: a message or a reopen written into (or moved out of)
-- the past reaches the ticket's later rows, so it unrolls all the ticket's days.
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
    IF EXISTS (SELECT 1 FROM unnest(instants) t WHERE t < now() - interval '20 hours') THEN
      PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || tenant::text, 0));
      IF EXISTS (SELECT 1 FROM report_days WHERE tenant_id = tenant) THEN
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
