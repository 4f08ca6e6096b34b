ALTER TABLE "channel_events" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_events" ADD COLUMN "tried_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "channel_events_unprocessed_idx" ON "channel_events" USING btree ("created_at") WHERE "channel_events"."processed_at" is null;