-- Automation's bounds (issue 29): one budget per starting event, shared by every run and
-- ticket action it sets off (workflow_budgets, keyed by the event that started the chain, which
-- each run keeps in origin_event_id), and each tenant's pace of run starts (workflow_rates).
CREATE TABLE "workflow_budgets" (
	"origin_event_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"ticket_actions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_rates" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"slots_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "origin_event_id" bigint;--> statement-breakpoint
ALTER TABLE "workflow_rates" ADD CONSTRAINT "workflow_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;