CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"group_id" uuid,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"status_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_status" CHECK ("channels"."status" in ('active', 'disabled', 'error'))
);
--> statement-breakpoint
-- A ticket's conversation becomes its messages (every channel's): the comments table is renamed
-- and given a message's columns, its rows kept (a customer's are incoming, the rest outgoing).
ALTER TABLE "ticket_comments" RENAME TO "messages";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "ticket_comments_pkey" TO "messages_pkey";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "ticket_comments_tenant_id_tenants_id_fk" TO "messages_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" TO "messages_ticket_id_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "ticket_comments_author_user_id_users_id_fk" TO "messages_author_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "ticket_comments_author_customer_id_customers_id_fk" TO "messages_author_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "ticket_comments_author_type";--> statement-breakpoint
ALTER INDEX "ticket_comments_ticket_idx" RENAME TO "messages_ticket_idx";--> statement-breakpoint
ALTER TABLE "ticket_attachments" RENAME CONSTRAINT "ticket_attachments_comment_id_ticket_comments_id_fk" TO "ticket_attachments_comment_id_messages_id_fk";--> statement-breakpoint
ALTER TABLE "messages" RENAME COLUMN "channel_message_ref" TO "provider_message_id";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "direction" text;--> statement-breakpoint
UPDATE "messages" SET "direction" = CASE WHEN "author_type" = 'customer' THEN 'in' ELSE 'out' END;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "direction" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_format" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_type" CHECK ("messages"."author_type" in ('user', 'customer', 'bot', 'system'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_direction" CHECK ("messages"."direction" in ('in', 'out'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('text', 'image', 'file', 'sticker', 'location', 'template', 'event'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_format" CHECK ("messages"."body_format" in ('html', 'text'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery" CHECK ("messages"."delivery" is null or "messages"."delivery" in ('queued', 'sent', 'delivered', 'seen', 'failed'));--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_tenant_idx" ON "channels" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_unique" ON "messages" USING btree ("tenant_id","channel_id","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_unique" ON "messages" USING btree ("ticket_id","client_message_id") WHERE "messages"."client_message_id" is not null;
