ALTER TABLE "calls" ADD COLUMN "gateway" text;--> statement-breakpoint
CREATE INDEX "calls_live_gateway_idx" ON "calls" USING btree ("gateway") WHERE ended_at is null;