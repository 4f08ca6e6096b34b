-- The engine writes a run's row and several trace rows per run: fewer indexes and checks per
-- write. The trace is keyed by (run_id, node_id) instead of a surrogate id, and neither table
-- checks tenant_id against tenants on every insert (the run's workflow, and the step's run,
-- stand for it).
ALTER TABLE "workflow_run_steps" DROP CONSTRAINT "workflow_run_steps_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "workflow_run_steps" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "workflow_run_steps_node_uidx";--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_run_id_node_id_pk" PRIMARY KEY("run_id","node_id");--> statement-breakpoint
-- Room in each page, so a run's and a step's updates can stay on their page (HOT, no new index
-- entries).
ALTER TABLE "workflow_runs" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "workflow_run_steps" SET (fillfactor = 75);
