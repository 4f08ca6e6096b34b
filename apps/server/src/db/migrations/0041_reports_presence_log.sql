CREATE TABLE "presence_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"presence" text NOT NULL,
	"previous" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presence_log" ADD CONSTRAINT "presence_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_log" ADD CONSTRAINT "presence_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_log_tenant_at_idx" ON "presence_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "presence_log_user_at_idx" ON "presence_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "conversations_rated_idx" ON "conversations" USING btree ("tenant_id","rated_at") WHERE "conversations"."rated_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_survey_idx" ON "conversations" USING btree ("tenant_id","survey_asked_at") WHERE "conversations"."survey_asked_at" is not null;--> statement-breakpoint
CREATE INDEX "calls_customer_started_idx" ON "calls" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_solved_idx" ON "tickets" USING btree ("tenant_id","solved_at") WHERE "tickets"."solved_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_tenant_breached_at_idx" ON "tickets" USING btree ("tenant_id","sla_breached_at") WHERE "tickets"."sla_breached_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_tenant_done_idx" ON "tickets" USING btree ("tenant_id",coalesce("solved_at", "closed_at"));--> statement-breakpoint
CREATE INDEX "tickets_requester_created_idx" ON "tickets" USING btree ("requester_id","created_at");--> statement-breakpoint
-- Reports: a tenant's reopens (a ticket leaving solved or closed for work) of a range.
CREATE INDEX "audit_log_reopen_idx" ON "audit_log" USING btree ("tenant_id","created_at") WHERE "entity" = 'ticket' AND "before"->>'status' IN ('solved', 'closed') AND "after"->>'status' IN ('new', 'open', 'pending');--> statement-breakpoint
-- Reports: the business seconds between the first open instant and t, over the working-time
-- schedule's open intervals as the reports module hands them (sorted starts, their lengths in
-- seconds and the open seconds before each): the duration a..b in business time is
-- business_clock(b) - business_clock(a). width_bucket finds t's interval by binary search.
CREATE FUNCTION business_clock(t timestamptz, starts timestamptz[], lengths float8[], before float8[])
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN i = 0 THEN 0::float8
    ELSE before[i] + least(greatest(extract(epoch FROM t - starts[i])::float8, 0), lengths[i]) END
  FROM (SELECT width_bucket(t, starts) AS i) AS found
$$;
