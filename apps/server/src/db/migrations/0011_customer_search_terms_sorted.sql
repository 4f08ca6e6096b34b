-- A search's page in date order comes from the terms index alone: each term carries its
-- customer's created_at, and the lookup index includes it and the customer id.
DROP INDEX "customer_search_terms_lookup_idx";--> statement-breakpoint
ALTER TABLE "customer_search_terms" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "customer_search_terms" t SET "created_at" = c."created_at" FROM "customers" c WHERE c."id" = t."customer_id";--> statement-breakpoint
ALTER TABLE "customer_search_terms" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_search_terms_lookup_idx" ON "customer_search_terms" USING btree ("tenant_id","kind","term" text_pattern_ops) INCLUDE ("customer_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_customer_name_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'name';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term, created_at)
  SELECT DISTINCT c.tenant_id, c.id, 'name', array_to_string(w.words[i:], ' '), c.created_at
    FROM customers c
    CROSS JOIN LATERAL (SELECT string_to_array(c.name_key, ' ') AS words) w
    CROSS JOIN LATERAL generate_subscripts(w.words, 1) i
   WHERE c.id = ANY (customer_ids);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_customer_email_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'email';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term, created_at)
  SELECT DISTINCT e.tenant_id, e.customer_id, 'email', t.term, c.created_at
    FROM customer_emails e
    JOIN customers c ON c.id = e.customer_id
    CROSS JOIN LATERAL (VALUES (lower(e.email)), (split_part(lower(e.email), '@', 2))) t (term)
   WHERE e.customer_id = ANY (customer_ids) AND t.term <> '';
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_customer_phone_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'phone';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term, created_at)
  SELECT DISTINCT p.tenant_id, p.customer_id, 'phone', p.national, c.created_at
    FROM customer_phones p
    JOIN customers c ON c.id = p.customer_id
   WHERE p.customer_id = ANY (customer_ids) AND p.national <> '';
$$;
--> statement-breakpoint
-- As in 0006, and a customer whose created_at moves takes its terms' along.
CREATE OR REPLACE FUNCTION customer_search_terms_sync() RETURNS trigger
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
      UPDATE customer_search_terms t SET created_at = n.created_at
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE t.customer_id = n.id AND n.created_at IS DISTINCT FROM o.created_at;
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
