-- Short record numbers per tenant (customers and organizations now, tickets later): one counter
-- row per tenant and kind in record_numbers, advanced under its row lock by next_record_number()
-- in the inserting transaction, so concurrent inserts get distinct numbers and none is reused.
-- A BEFORE INSERT trigger gives every new row its number, whoever inserts it (API, import, seed,
-- plain SQL). Existing rows are numbered in creation order. Merged-away customers are kept in
-- customer_merges so their old id and number still lead to the survivor.
CREATE TABLE "customer_merges" (
	"tenant_id" uuid NOT NULL,
	"merged_id" uuid PRIMARY KEY NOT NULL,
	"merged_number" integer NOT NULL,
	"survivor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_numbers" (
	"tenant_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "record_numbers_tenant_id_entity_pk" PRIMARY KEY("tenant_id","entity")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_numbers" ADD CONSTRAINT "record_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_merges_number_idx" ON "customer_merges" USING btree ("tenant_id","merged_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_number_unique" ON "customers" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_number_unique" ON "organizations" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE FUNCTION next_record_number(p_tenant uuid, p_entity text) RETURNS integer
LANGUAGE sql AS $$
  INSERT INTO record_numbers (tenant_id, entity, last) VALUES (p_tenant, p_entity, 1)
  ON CONFLICT (tenant_id, entity) DO UPDATE SET last = record_numbers.last + 1
  RETURNING last
$$;--> statement-breakpoint
CREATE FUNCTION assign_record_number() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    NEW.number := next_record_number(NEW.tenant_id, TG_ARGV[0]);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE customers c SET number = n.rn FROM (
  SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY created_at, id) AS rn FROM customers
) n WHERE c.id = n.id;--> statement-breakpoint
UPDATE organizations o SET number = n.rn FROM (
  SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY created_at, id) AS rn FROM organizations
) n WHERE o.id = n.id;--> statement-breakpoint
INSERT INTO record_numbers (tenant_id, entity, last)
  SELECT tenant_id, 'customer', max(number) FROM customers GROUP BY tenant_id;--> statement-breakpoint
INSERT INTO record_numbers (tenant_id, entity, last)
  SELECT tenant_id, 'organization', max(number) FROM organizations GROUP BY tenant_id;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER customers_assign_number BEFORE INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION assign_record_number('customer');--> statement-breakpoint
CREATE TRIGGER organizations_assign_number BEFORE INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION assign_record_number('organization');