ALTER TABLE "group_members" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "assign_capacity" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "reassign_on_logout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_assign_queue_idx" ON "tickets" USING btree ("group_id","created_at") WHERE "tickets"."assignee_id" is null and "tickets"."status" in ('new', 'open', 'pending');--> statement-breakpoint
CREATE INDEX "tickets_open_assignee_idx" ON "tickets" USING btree ("assignee_id") WHERE "tickets"."status" in ('new', 'open', 'pending');