DROP INDEX "customer_phones_national_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_tenant_created_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tenant_tier_idx" ON "customers" USING btree ("tenant_id","tier","created_at");--> statement-breakpoint
CREATE INDEX "customers_tenant_source_idx" ON "customers" USING btree ("tenant_id","source","created_at");--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
UPDATE "customers" c SET "phone_search" = coalesce((SELECT string_agg(p."national", ' ') FROM "customer_phones" p WHERE p."customer_id" = c."id"), '');
