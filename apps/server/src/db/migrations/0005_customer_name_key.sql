ALTER TABLE "customers" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tenant_name_idx" ON "customers" USING btree ("tenant_id","name_key","id");--> statement-breakpoint
UPDATE "customers" SET "name_key" = lower(unaccent("name"));
