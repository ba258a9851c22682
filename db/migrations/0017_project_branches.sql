CREATE TABLE "project_branches" (
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"base_sha" text,
	"pull_request" integer,
	CONSTRAINT "project_branches_pkey" PRIMARY KEY("project_id","name"),
	CONSTRAINT "project_branches_base_sha_hex" CHECK ("project_branches"."base_sha" is null or "project_branches"."base_sha" ~ '^[0-9a-f]{40}$'),
	CONSTRAINT "project_branches_pull_request" CHECK ("project_branches"."pull_request" is null or "project_branches"."pull_request" >= 1)
);
--> statement-breakpoint
ALTER TABLE "project_branches" ADD CONSTRAINT "project_branches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
