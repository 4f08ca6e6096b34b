-- A memo topic (see 0010): the tenant's priorities, types and services, which every ticket write
-- that sets one checks the value against.
CREATE TRIGGER "ticket_priorities_ticket_config_change" AFTER INSERT OR UPDATE OR DELETE ON "ticket_priorities"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('ticket_config');
--> statement-breakpoint
CREATE TRIGGER "ticket_types_ticket_config_change" AFTER INSERT OR UPDATE OR DELETE ON "ticket_types"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('ticket_config');
--> statement-breakpoint
CREATE TRIGGER "ticket_services_ticket_config_change" AFTER INSERT OR UPDATE OR DELETE ON "ticket_services"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('ticket_config');
