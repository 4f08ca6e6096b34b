-- View-as accountability: a view-as session names the session that opened it (and ends with
-- it), and an audit entry names the administrator behind the view-as session it was made in.
ALTER TABLE "sessions" ADD COLUMN "opener_session_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_opener_session_id_sessions_id_fk" FOREIGN KEY ("opener_session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_id") WHERE "sessions"."impersonator_id" is not null;--> statement-breakpoint
CREATE INDEX "sessions_opener_idx" ON "sessions" USING btree ("opener_session_id") WHERE "sessions"."opener_session_id" is not null;