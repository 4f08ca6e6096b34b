ALTER TABLE "calls" ADD COLUMN "hold_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "ended_on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "held_since" timestamp with time zone;