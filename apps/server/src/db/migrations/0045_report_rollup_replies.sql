-- Replies, missed chats, presence and chats' load are rolled up too
-- (reports/metrics-rollup.repository.ts). A missed chat is placed when it ends, solved or
-- closed: the close joins a ticket's instants.
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
-- Instants every 12 hours from a to b, both included: one in each of the tenant's days between
-- (a day lasts 23 hours at least).
CREATE FUNCTION report_instants_between(a timestamptz, b timestamptz) RETURNS timestamptz[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a IS NULL OR b IS NULL THEN '{}'::timestamptz[] ELSE
    array(SELECT generate_series(least(a, b), greatest(a, b), interval '12 hours')) || greatest(a, b) END
$$;
--> statement-breakpoint
-- A chat's time open with its assignee is spread over every day it stays open (chat_load).
CREATE FUNCTION report_chat_open_days(t tickets) RETURNS timestamptz[]
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN t.source IN ('web', 'chat', 'zalo', 'facebook', 'whatsapp')
    THEN report_instants_between(t.created_at, coalesce(t.solved_at, t.closed_at, now()))
    ELSE '{}'::timestamptz[] END
$$;
--> statement-breakpoint
-- Only the instants whose rows change: solving a ticket now reaches no rolled day, even when it
-- was created long ago.
CREATE OR REPLACE FUNCTION report_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  instants timestamptz[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(NEW, false) || report_chat_open_days(NEW));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_unroll_days(OLD.tenant_id,
      report_ticket_instants(OLD, true) || report_chat_open_days(OLD));
  ELSIF (OLD.group_id, OLD.assignee_id, OLD.source) IS DISTINCT FROM (NEW.group_id, NEW.assignee_id, NEW.source) THEN
    PERFORM report_unroll_days(NEW.tenant_id,
      report_ticket_instants(OLD, true) || report_ticket_instants(NEW, false)
      || report_chat_open_days(OLD) || report_chat_open_days(NEW));
  ELSE
    -- The solved row measures from the creation and knows the SLA policy.
    IF (OLD.created_at, OLD.solved_at, OLD.closed_at, OLD.sla_policy_id)
        IS DISTINCT FROM (NEW.created_at, NEW.solved_at, NEW.closed_at, NEW.sla_policy_id) THEN
      instants := instants || array[OLD.solved_at, NEW.solved_at, OLD.closed_at, NEW.closed_at];
    END IF;
    IF OLD.created_at IS DISTINCT FROM NEW.created_at THEN
      instants := instants || array[OLD.created_at, NEW.created_at]
        || report_chat_open_days(OLD) || report_chat_open_days(NEW);
    ELSIF coalesce(OLD.solved_at, OLD.closed_at) IS DISTINCT FROM coalesce(NEW.solved_at, NEW.closed_at) THEN
      -- A chat reopened (or ended) in the past is open on the days between.
      instants := instants || CASE WHEN report_chat_open_days(NEW) = '{}' THEN '{}'::timestamptz[]
        ELSE report_instants_between(coalesce(OLD.solved_at, OLD.closed_at, now()),
          coalesce(NEW.solved_at, NEW.closed_at, now())) END;
    END IF;
    IF OLD.sla_breached_at IS DISTINCT FROM NEW.sla_breached_at THEN
      instants := instants || array[OLD.sla_breached_at, NEW.sla_breached_at];
    END IF;
    PERFORM report_unroll_days(NEW.tenant_id, instants);
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
--> statement-breakpoint
-- A presence change written into (or moved out of) the past reaches the days until the next
-- change, which may be now.
CREATE FUNCTION report_presence_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_unroll_days(OLD.tenant_id, report_instants_between(OLD.at, now()));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_unroll_days(NEW.tenant_id, report_instants_between(NEW.at, now()));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_presence_inserted AFTER INSERT ON presence_log
FOR EACH ROW WHEN (NEW.at < now() - interval '20 hours') EXECUTE FUNCTION report_presence_changed();
--> statement-breakpoint
CREATE TRIGGER report_presence_updated AFTER UPDATE ON presence_log
FOR EACH ROW WHEN ((OLD.at, OLD.user_id, OLD.presence) IS DISTINCT FROM (NEW.at, NEW.user_id, NEW.presence))
EXECUTE FUNCTION report_presence_changed();
--> statement-breakpoint
CREATE TRIGGER report_presence_deleted AFTER DELETE ON presence_log
FOR EACH ROW WHEN (OLD.at < now() - interval '20 hours') EXECUTE FUNCTION report_presence_changed();
--> statement-breakpoint
-- Another time zone unrolls every day: after a roll in progress has committed (the roll lock,
-- shared), which then finds the zone changed and keeps nothing of it.
CREATE OR REPLACE FUNCTION report_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report_rollup:' || NEW.id::text, 0));
  DELETE FROM report_days WHERE tenant_id = NEW.id;
  RETURN NULL;
END $$;
