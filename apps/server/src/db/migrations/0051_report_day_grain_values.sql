CREATE TABLE "report_values" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint,
	"family" text NOT NULL,
	"group_id" uuid,
	"agent_id" uuid,
	"source" text,
	"queue_id" uuid,
	"hotline" text,
	"value_set" text NOT NULL,
	"bucket" smallint NOT NULL,
	"n" integer NOT NULL,
	"values" double precision[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_daily" ALTER COLUMN "hour" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_values" ADD CONSTRAINT "report_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_values_tenant_family_day_idx" ON "report_values" USING btree ("tenant_id","family","value_set","day","bucket") INCLUDE ("n","hour","group_id","agent_id","source","queue_id","hotline");--> statement-breakpoint
ALTER TABLE "report_daily" DROP COLUMN "samples";--> statement-breakpoint
-- A day grain (no hour) is rolled beside the others and the values move to report_values: days
-- rolled before hold neither, so every day rolls again.
DELETE FROM "report_days";
--> statement-breakpoint
DELETE FROM "report_daily";
