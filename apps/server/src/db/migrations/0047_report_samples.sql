ALTER TABLE "report_daily" ADD COLUMN "samples" jsonb;--> statement-breakpoint
-- What is rolled up changed (replies, missed chats, presence and chats' load; the values of
-- medians and p90s): days rolled before hold none of it, so every day rolls again.
DELETE FROM "report_days";
--> statement-breakpoint
DELETE FROM "report_daily";
