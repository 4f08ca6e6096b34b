ALTER TABLE "channels" ADD COLUMN "token_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "token_lease_until" timestamp with time zone;