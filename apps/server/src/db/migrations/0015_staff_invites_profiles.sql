-- Staff invitations (a long-lived link through the reset-code table), profiles (avatar, default
-- presence), and the data-scope defaults where a higher role sees at least what a lower one sees.
ALTER TABLE "password_resets" ADD COLUMN "kind" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_presence" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Tenants still holding the former defaults as a whole move the supervisor from my_organization
-- to all (a supervisor saw fewer customers than a team leader); a tenant that chose its own
-- scopes keeps them.
UPDATE "tenants" SET "settings" = jsonb_set("settings", '{data_scopes,supervisor}', '"all"')
WHERE "settings" -> 'data_scopes' = '{"administrator": "all", "supervisor": "my_organization", "team_leader": "my_group", "agent": "me"}'::jsonb;
