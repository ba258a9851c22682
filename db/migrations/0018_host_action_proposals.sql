ALTER TABLE "host_actions" DROP CONSTRAINT "host_actions_status_known";
--> statement-breakpoint
ALTER TABLE "host_actions" ADD CONSTRAINT "host_actions_status_known" CHECK ("host_actions"."status" in ('proposed', 'done', 'replayed', 'refused', 'dismissed', 'failed'));
--> statement-breakpoint
ALTER TABLE "host_actions" ADD COLUMN "proposal_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "host_actions_settled_proposal_idx" ON "host_actions" USING btree ("proposal_id") WHERE "host_actions"."proposal_id" is not null and "host_actions"."status" <> 'failed';
