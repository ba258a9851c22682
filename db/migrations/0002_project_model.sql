CREATE TABLE "project_commits" (
	"project_id" text NOT NULL,
	"sha" text NOT NULL,
	"branch" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "project_commits_pkey" PRIMARY KEY("project_id","sha"),
	CONSTRAINT "project_commits_sha_hex" CHECK ("project_commits"."sha" ~ '^[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "project_diffs" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"path" text NOT NULL,
	"base" text NOT NULL,
	"head" text NOT NULL,
	"summary" text NOT NULL,
	"hunks" text NOT NULL,
	"additions" integer DEFAULT 0 NOT NULL,
	"deletions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_diffs_pkey" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"project_id" text NOT NULL,
	"path" text NOT NULL,
	"language" text NOT NULL,
	"line_count" integer NOT NULL,
	"excerpt" text NOT NULL,
	"excerpt_start_line" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "project_files_pkey" PRIMARY KEY("project_id","path"),
	CONSTRAINT "project_files_lines" CHECK ("project_files"."line_count" >= 0 and "project_files"."excerpt_start_line" >= 1)
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_pkey" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_members_role_known" CHECK ("project_members"."role" in ('viewer', 'maintainer'))
);
--> statement-breakpoint
CREATE TABLE "project_nodes" (
	"project_id" text NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "project_nodes_pkey" PRIMARY KEY("project_id","ref")
);
--> statement-breakpoint
CREATE TABLE "project_test_runs" (
	"project_id" text NOT NULL,
	"branch" text NOT NULL,
	"run_number" integer NOT NULL,
	"name" text NOT NULL,
	"suite" text NOT NULL,
	"ms" integer NOT NULL,
	"failed" boolean NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_test_runs_pkey" PRIMARY KEY("project_id","branch","run_number","name"),
	CONSTRAINT "project_test_runs_ms" CHECK ("project_test_runs"."ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_branch" text DEFAULT 'main' NOT NULL,
	"open_membership" boolean DEFAULT false NOT NULL,
	"seed_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every existing chat joins the demo project, whose row must exist before the foreign key; the server seeds the rest (lib/project/demo).
INSERT INTO "projects" ("id", "name", "open_membership") VALUES ('demo', 'Demo project', true) ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "project_id" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_commits" ADD CONSTRAINT "project_commits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_diffs" ADD CONSTRAINT "project_diffs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_nodes" ADD CONSTRAINT "project_nodes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_test_runs" ADD CONSTRAINT "project_test_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_commits_branch_idx" ON "project_commits" USING btree ("project_id","branch","committed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_diffs_path_idx" ON "project_diffs" USING btree ("project_id","path");--> statement-breakpoint
CREATE INDEX "project_members_user_id_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_test_runs_latest_idx" ON "project_test_runs" USING btree ("project_id","branch","run_number" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;