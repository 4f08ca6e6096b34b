ALTER TABLE "conversations" ADD COLUMN "referral" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ad_id" text;--> statement-breakpoint
CREATE INDEX "conversations_ad_idx" ON "conversations" USING btree ("tenant_id","ad_id") WHERE "conversations"."ad_id" is not null;