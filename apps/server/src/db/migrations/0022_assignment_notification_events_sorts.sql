ALTER TABLE "audit_log" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "assign_capacity" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "reassign_on_logout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_event_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_unique" ON "notifications" USING btree ("user_id","source_event_id") WHERE "notifications"."source_event_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_tenant_subject_idx" ON "tickets" USING btree ("tenant_id","subject_key","id");--> statement-breakpoint
CREATE INDEX "tickets_assign_queue_idx" ON "tickets" USING btree ("group_id","created_at") WHERE "tickets"."assignee_id" is null and "tickets"."status" in ('new', 'open', 'pending');--> statement-breakpoint
CREATE INDEX "tickets_open_assignee_idx" ON "tickets" USING btree ("assignee_id") WHERE "tickets"."status" in ('new', 'open', 'pending');--> statement-breakpoint
-- Written by hand (INCLUDE is beyond the schema builder): the list sorted by status in workflow
-- order, read from the index alone (see ticketStatusOrder in db/schema/tickets.ts).
CREATE INDEX "tickets_tenant_status_order_idx" ON "tickets" USING btree ("tenant_id",(case "status" when 'new' then 0 when 'open' then 1 when 'pending' then 2 when 'solved' then 3 else 4 end),"id") INCLUDE ("status");
