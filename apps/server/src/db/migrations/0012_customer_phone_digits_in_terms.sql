-- Bare digits are searched among the phone terms too, so every search reads one table and a
-- page in date order comes from the terms.
DROP INDEX "customer_phones_national_trgm_idx";--> statement-breakpoint
CREATE INDEX "customer_search_terms_phone_trgm_idx" ON "customer_search_terms" USING gin ("term" gin_trgm_ops) WHERE "customer_search_terms"."kind" = 'phone';