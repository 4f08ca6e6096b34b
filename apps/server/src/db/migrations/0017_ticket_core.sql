CREATE TABLE "ticket_followers" (
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "ticket_followers_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_id_pk" PRIMARY KEY("ticket_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_followers_user_idx" ON "ticket_followers" USING btree ("user_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "ticket_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("tenant_id","entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_created_idx" ON "tickets" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_creator_idx" ON "tickets" USING btree ("tenant_id","created_by","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_sla_due_idx" ON "tickets" USING btree ("tenant_id","sla_due_at") WHERE "tickets"."sla_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_tenant_sla_breached_idx" ON "tickets" USING btree ("tenant_id","updated_at") WHERE "tickets"."sla_breached_at" is not null;--> statement-breakpoint
-- Ticket lists: the tickets, their tags and followers, and what data scopes read (users'
-- organizations, department memberships), announced under the topic 'tickets'.
CREATE TRIGGER "tickets_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('tickets');
--> statement-breakpoint
CREATE TRIGGER "ticket_tags_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "ticket_tags"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('tickets');
--> statement-breakpoint
CREATE TRIGGER "ticket_followers_tenant_change" AFTER INSERT OR UPDATE OR DELETE ON "ticket_followers"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('tickets');
--> statement-breakpoint
CREATE TRIGGER "users_tickets_change" AFTER INSERT OR DELETE OR UPDATE OF "organization_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('tickets');
--> statement-breakpoint
CREATE TRIGGER "group_members_tickets_change" AFTER INSERT OR UPDATE OR DELETE ON "group_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('tickets');
