ALTER TABLE "message_templates" ADD COLUMN "wa_template_name" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "wa_language" text;