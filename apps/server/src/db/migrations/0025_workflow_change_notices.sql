-- The active workflows of a tenant (which the automation subscriber checks for every ticket
-- event) are remembered until a workflow or the tenant's settings (the `workflow` switch) change.
CREATE TRIGGER "workflows_workflows_change" AFTER INSERT OR UPDATE OR DELETE ON "workflows"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('workflows');
--> statement-breakpoint
CREATE TRIGGER "tenants_workflows_change" AFTER UPDATE OF "settings" OR DELETE ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('workflows');
