DROP INDEX "conversations_ad_idx";--> statement-breakpoint
CREATE INDEX "conversations_ad_created_idx" ON "conversations" USING btree ("tenant_id","created_at") WHERE "conversations"."ad_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_ad_idx" ON "conversations" USING btree ("tenant_id","ad_id","created_at") WHERE "conversations"."ad_id" is not null;