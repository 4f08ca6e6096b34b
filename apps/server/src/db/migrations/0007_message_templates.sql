CREATE TABLE "message_template_catalogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_template_departments" (
	"tenant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "message_template_departments_template_id_group_id_pk" PRIMARY KEY("template_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"catalog_id" uuid,
	"content" text NOT NULL,
	"subject" text,
	"shortcut" text,
	"zns_template_id" text,
	"visibility" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"owner_id" uuid NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_template_catalogs" ADD CONSTRAINT "message_template_catalogs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_catalogs" ADD CONSTRAINT "message_template_catalogs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_departments" ADD CONSTRAINT "message_template_departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_departments" ADD CONSTRAINT "message_template_departments_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_departments" ADD CONSTRAINT "message_template_departments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_catalog_id_message_template_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."message_template_catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_catalogs_name_unique" ON "message_template_catalogs" USING btree ("tenant_id","name_key");--> statement-breakpoint
CREATE INDEX "message_template_departments_group_idx" ON "message_template_departments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "message_templates_tenant_kind_idx" ON "message_templates" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "message_templates_catalog_idx" ON "message_templates" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "message_templates_owner_idx" ON "message_templates" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_shortcut_unique" ON "message_templates" USING btree ("tenant_id","shortcut") WHERE "message_templates"."shortcut" is not null;