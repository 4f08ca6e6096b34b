-- Each server instance listens on tenant_changes and forgets what it derived from a tenant's
-- data (the counts of its lists, its signed-in sessions) when a row those reads depend on
-- changes. The payload is '<topic>:<tenant id>', the topic being the trigger's argument;
-- PostgreSQL sends a transaction's notices at commit, each distinct payload once, none at all on
-- rollback, and delivers them in commit order.
CREATE FUNCTION "notify_tenant_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed_row := OLD; ELSE changed_row := NEW; END IF;
  -- Separate statements: a tenants row has no tenant_id field to name.
  IF TG_TABLE_NAME = 'tenants' THEN
    PERFORM pg_notify('tenant_changes', TG_ARGV[0] || ':' || changed_row.id);
  ELSE
    PERFORM pg_notify('tenant_changes', TG_ARGV[0] || ':' || changed_row.tenant_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Customer lists: the customers, what they are filtered and searched by, and what data scopes
-- read (users' organizations, department memberships).
CREATE TRIGGER "customers_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "customer_phones_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_phones"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "customer_emails_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_emails"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "group_customers_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "group_customers"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "customer_tags_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "customer_tags"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "users_customers_change" AFTER INSERT OR DELETE OR UPDATE OF "organization_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
CREATE TRIGGER "group_members_customers_change" AFTER INSERT OR UPDATE OR DELETE ON "group_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('customers');
--> statement-breakpoint
-- Signed-in callers: sessions, and everything the session query reads (see platform/auth.ts).
-- Presence and other profile changes do not count.
CREATE TRIGGER "sessions_sessions_change" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sessions');
--> statement-breakpoint
CREATE TRIGGER "users_sessions_change" AFTER INSERT OR DELETE
  OR UPDATE OF "tenant_id", "role", "is_admin", "active", "organization_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sessions');
--> statement-breakpoint
CREATE TRIGGER "tenants_sessions_change" AFTER UPDATE OF "settings" OR DELETE ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sessions');
--> statement-breakpoint
CREATE TRIGGER "group_members_sessions_change" AFTER INSERT OR UPDATE OR DELETE ON "group_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sessions');
--> statement-breakpoint
CREATE TRIGGER "groups_sessions_change" AFTER UPDATE OF "target" OR DELETE ON "groups"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('sessions');
