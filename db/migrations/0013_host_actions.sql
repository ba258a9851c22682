CREATE TABLE "host_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"project_id" text,
	"action" text NOT NULL,
	"idempotency_key" text,
	"input" jsonb,
	"status" text NOT NULL,
	"result" jsonb,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_actions_action_known" CHECK ("host_actions"."action" in ('rerun_tests', 'file_issue')),
	CONSTRAINT "host_actions_status_known" CHECK ("host_actions"."status" in ('done', 'replayed', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "host_actions_done_key_idx" ON "host_actions" USING btree ("user_id","idempotency_key") WHERE "host_actions"."status" = 'done';
--> statement-breakpoint
CREATE INDEX "host_actions_chat_idx" ON "host_actions" USING btree ("chat_id","created_at");
--> statement-breakpoint
CREATE TABLE "project_issues" (
	"project_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text NOT NULL,
	"chat_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_issues_pkey" PRIMARY KEY("project_id","number"),
	CONSTRAINT "project_issues_number_positive" CHECK ("project_issues"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "project_issues" ADD CONSTRAINT "project_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
