ALTER TABLE "calls" ADD COLUMN "acw_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "acw_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_wrap_up_idx" ON "calls" USING btree ("agent_id","acw_until") WHERE acw_until is not null;