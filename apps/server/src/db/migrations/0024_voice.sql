CREATE TABLE "call_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"call_row_id" uuid NOT NULL,
	"call_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"call_id" text NOT NULL,
	"direction" text DEFAULT 'CALL_INBOUND' NOT NULL,
	"from_number" text DEFAULT '' NOT NULL,
	"to_number" text DEFAULT '' NOT NULL,
	"from_national" text DEFAULT '' NOT NULL,
	"to_national" text DEFAULT '' NOT NULL,
	"hotline" text,
	"customer_id" uuid,
	"queue_id" uuid,
	"agent_id" uuid,
	"device_type" smallint,
	"status" text DEFAULT 'QUEUEING' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"wait_seconds" integer DEFAULT 0 NOT NULL,
	"result" text,
	"cause" text,
	"transfers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tried_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"voicemail" text,
	"ticket_id" uuid,
	"ticket_claimed_at" timestamp with time zone,
	"campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_hotlines" (
	"hotline" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_members" (
	"tenant_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_call_ended_at" timestamp with time zone,
	"last_offered_at" timestamp with time zone,
	CONSTRAINT "queue_members_queue_id_user_id_pk" PRIMARY KEY("queue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"strategy" text DEFAULT 'longest_idle' NOT NULL,
	"ring_timeout_seconds" integer DEFAULT 20 NOT NULL,
	"max_wait_seconds" integer DEFAULT 120 NOT NULL,
	"overflow_action" text DEFAULT 'none' NOT NULL,
	"overflow_queue_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_call_row_id_calls_id_fk" FOREIGN KEY ("call_row_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_hotlines" ADD CONSTRAINT "queue_hotlines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_hotlines" ADD CONSTRAINT "queue_hotlines_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_overflow_queue_id_queues_id_fk" FOREIGN KEY ("overflow_queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_events_unique" ON "call_events" USING btree ("tenant_id","call_id","event_id");--> statement-breakpoint
CREATE INDEX "call_events_call_idx" ON "call_events" USING btree ("call_row_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_tenant_call_unique" ON "calls" USING btree ("tenant_id","call_id");--> statement-breakpoint
CREATE INDEX "calls_call_id_idx" ON "calls" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "calls_tenant_started_idx" ON "calls" USING btree ("tenant_id","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_tenant_agent_started_idx" ON "calls" USING btree ("tenant_id","agent_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_live_agent_idx" ON "calls" USING btree ("agent_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "calls_ticket_idx" ON "calls" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "calls_from_national_trgm_idx" ON "calls" USING gin ("from_national" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calls_to_national_trgm_idx" ON "calls" USING gin ("to_national" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queue_hotlines_queue_idx" ON "queue_hotlines" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "queue_members_user_idx" ON "queue_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "queues_tenant_idx" ON "queues" USING btree ("tenant_id");