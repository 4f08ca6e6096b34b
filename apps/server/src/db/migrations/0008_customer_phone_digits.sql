CREATE INDEX "customer_phones_national_trgm_idx" ON "customer_phones" USING gin ("national" gin_trgm_ops);--> statement-breakpoint
-- Bare digits are searched in that trigram index instead of one stored term per number tail,
-- which made up 60 % of the terms table.
CREATE OR REPLACE FUNCTION refresh_customer_phone_terms(customer_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM customer_search_terms WHERE customer_id = ANY (customer_ids) AND kind = 'phone';
  INSERT INTO customer_search_terms (tenant_id, customer_id, kind, term)
  SELECT DISTINCT p.tenant_id, p.customer_id, 'phone', p.national
    FROM customer_phones p
   WHERE p.customer_id = ANY (customer_ids) AND p.national <> '';
$$;
--> statement-breakpoint
DELETE FROM customer_search_terms WHERE kind = 'digits';
