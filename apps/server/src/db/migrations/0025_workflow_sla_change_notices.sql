-- Two more memo topics (see 0010): a tenant's active workflows, which the automation subscriber
-- checks for every ticket event, and its SLA policies and working schedules, which every change
-- of a ticket's priority or type resolves. Targets, periods and holidays carry no tenant_id:
-- their notice names the tenant of the policy or schedule they belong to (none when that is
-- being deleted with them, which announces itself).
CREATE OR REPLACE FUNCTION "notify_tenant_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_row record;
  tenant uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN changed_row := OLD; ELSE changed_row := NEW; END IF;
  -- Separate statements: each table names its tenant its own way.
  IF TG_TABLE_NAME = 'tenants' THEN
    tenant := changed_row.id;
  ELSIF TG_TABLE_NAME = 'sla_targets' THEN
    SELECT tenant_id INTO tenant FROM sla_policies WHERE id = changed_row.policy_id;
  ELSIF TG_TABLE_NAME IN ('working_periods', 'working_holidays') THEN
    SELECT tenant_id INTO tenant FROM working_schedules WHERE id = changed_row.schedule_id;
  ELSE
    tenant := changed_row.tenant_id;
  END IF;
  IF tenant IS NOT NULL THEN
    PERFORM pg_notify('tenant_changes', TG_ARGV[0] || ':' || tenant);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workflows_workflows_change" AFTER INSERT OR UPDATE OR DELETE ON "workflows"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('workflows');
--> statement-breakpoint
CREATE TRIGGER "tenants_workflows_change" AFTER UPDATE OF "settings" OR DELETE ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('workflows');
--> statement-breakpoint
CREATE TRIGGER "sla_policies_sla_change" AFTER INSERT OR UPDATE OR DELETE ON "sla_policies"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sla');
--> statement-breakpoint
CREATE TRIGGER "sla_targets_sla_change" AFTER INSERT OR UPDATE OR DELETE ON "sla_targets"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sla');
--> statement-breakpoint
CREATE TRIGGER "working_schedules_sla_change" AFTER INSERT OR UPDATE OR DELETE ON "working_schedules"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sla');
--> statement-breakpoint
CREATE TRIGGER "working_periods_sla_change" AFTER INSERT OR UPDATE OR DELETE ON "working_periods"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sla');
--> statement-breakpoint
CREATE TRIGGER "working_holidays_sla_change" AFTER INSERT OR UPDATE OR DELETE ON "working_holidays"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sla');
