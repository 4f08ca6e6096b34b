ALTER TABLE "tickets" ADD COLUMN "sla_policy_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sla_policy_id_sla_policies_id_fk" FOREIGN KEY ("sla_policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_sla_breach_scan_idx" ON "tickets" USING btree ("sla_due_at") WHERE "tickets"."sla_due_at" is not null and "tickets"."sla_breached_at" is null;