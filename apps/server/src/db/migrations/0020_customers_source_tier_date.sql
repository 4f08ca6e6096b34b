-- The source+tier filter reads its page in creation order from the index.
DROP INDEX "customers_tenant_source_tier_idx";--> statement-breakpoint
CREATE INDEX "customers_tenant_source_tier_idx" ON "customers" USING btree ("tenant_id","source","tier","created_at");