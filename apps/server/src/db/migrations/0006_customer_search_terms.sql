CREATE TABLE "customer_search_terms" (
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "customer_search_terms_customer_id_kind_term_pk" PRIMARY KEY("customer_id","kind","term")
);
--> statement-breakpoint
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "customer_search_terms" ADD CONSTRAINT "customer_search_terms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_search_terms_lookup_idx" ON "customer_search_terms" USING btree ("tenant_id","kind","term" text_pattern_ops,"customer_id");--> statement-breakpoint
CREATE INDEX "customers_tenant_source_tier_idx" ON "customers" USING btree ("tenant_id","source","tier");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "phone_search";--> statement-breakpoint
-- The search terms of customers, each kind kept from its own table: the name from each of its
-- words on ('name'), every email and its domain ('email'), every national phone number ('phone')
-- and every tail of it ('digits'). A keyword matches a term's start, so 'van an' finds
-- 'nguyen van an', 'example.vn' finds that domain, '0912' finds numbers starting 912, and
-- '345 678' any number holding 345678.
CREATE FUNCTION refresh_customer_name_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'name';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term)
  SELECT DISTINCT c.tenant_id, c.id, 'name', array_to_string(w.words[i:], ' ')
    FROM customers c
    CROSS JOIN LATERAL (SELECT string_to_array(c.name_key, ' ') AS words) w
    CROSS JOIN LATERAL generate_subscripts(w.words, 1) i
   WHERE c.id = ANY (customer_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_customer_email_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'email';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term)
  SELECT DISTINCT e.tenant_id, e.customer_id, 'email', t.term
    FROM customer_emails e
    CROSS JOIN LATERAL (VALUES (lower(e.email)), (split_part(lower(e.email), '@', 2))) t (term)
   WHERE e.customer_id = ANY (customer_ids) AND t.term <> '';
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_customer_phone_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms
   WHERE customer_id = ANY (customer_ids) AND kind IN ('phone', 'digits');
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term)
  SELECT DISTINCT p.tenant_id, p.customer_id, t.kind, t.term
    FROM customer_phones p
    CROSS JOIN LATERAL (
      SELECT 'phone', p.national
      UNION ALL
      SELECT 'digits', substr(p.national, i) FROM generate_series(1, length(p.national)) i
    ) t (kind, term)
   WHERE p.customer_id = ANY (customer_ids) AND t.term <> '';
$$;
--> statement-breakpoint
-- One statement-level trigger per table and event (transition tables allow only one event each):
-- an import of 10 000 customers refreshes their terms in a few set-based statements.
CREATE FUNCTION customer_search_terms_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT id FROM new_rows);
    ELSE
      ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE n.name_key IS DISTINCT FROM o.name_key);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT customer_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT customer_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows);
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'customers' THEN
    PERFORM refresh_customer_name_terms(ids);
  ELSIF TG_TABLE_NAME = 'customer_emails' THEN
    PERFORM refresh_customer_email_terms(ids);
  ELSE
    PERFORM refresh_customer_phone_terms(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_search_terms_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customers_search_terms_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_phones_search_terms_insert AFTER INSERT ON customer_phones
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_phones_search_terms_update AFTER UPDATE ON customer_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_phones_search_terms_delete AFTER DELETE ON customer_phones
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_emails_search_terms_insert AFTER INSERT ON customer_emails
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_emails_search_terms_update AFTER UPDATE ON customer_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER customer_emails_search_terms_delete AFTER DELETE ON customer_emails
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_terms_sync();
--> statement-breakpoint
SELECT refresh_customer_name_terms(ARRAY(SELECT id FROM customers)),
       refresh_customer_email_terms(ARRAY(SELECT id FROM customers)),
       refresh_customer_phone_terms(ARRAY(SELECT id FROM customers));
