-- The conversation inside a ticket (comments, attachments, links) and the outbox delivery state
-- (per-subscriber cursor and per-ticket progress), with a NOTIFY that wakes the relays.
CREATE TABLE "outbox_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"transaction_id" "xid8" NOT NULL,
	"event_id" bigint NOT NULL,
	"start_event_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_progress" (
	"subscriber" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"dispatched_id" bigint DEFAULT 0 NOT NULL,
	"delivered_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "outbox_progress_subscriber_aggregate_id_pk" PRIMARY KEY("subscriber","aggregate_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"comment_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"author_user_id" uuid,
	"author_customer_id" uuid,
	"body" text NOT NULL,
	"public" boolean NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"channel_message_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_comments_author_type" CHECK ("ticket_comments"."author_type" in ('user', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "ticket_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"related_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_links_kind" CHECK ("ticket_links"."kind" in ('related', 'merged', 'split')),
	CONSTRAINT "ticket_links_not_self" CHECK ("ticket_links"."ticket_id" <> "ticket_links"."related_id")
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "transaction_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_customer_id_customers_id_fk" FOREIGN KEY ("author_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_related_id_tickets_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_progress_owed_idx" ON "outbox_progress" USING btree ("subscriber") WHERE "outbox_progress"."dispatched_id" > "outbox_progress"."delivered_id";--> statement-breakpoint
CREATE INDEX "ticket_attachments_comment_idx" ON "ticket_attachments" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_links_pair_unique" ON "ticket_links" USING btree (least("ticket_id", "related_id"),greatest("ticket_id", "related_id"));--> statement-breakpoint
CREATE INDEX "ticket_links_related_idx" ON "ticket_links" USING btree ("related_id");--> statement-breakpoint
CREATE INDEX "domain_events_transaction_idx" ON "domain_events" USING btree ("transaction_id","id");--> statement-breakpoint
-- Wakes the outbox relays of every instance when events are committed (one notice per statement).
CREATE FUNCTION notify_domain_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('domain_events', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER domain_events_notify AFTER INSERT ON domain_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_domain_events();
