CREATE TABLE "project_builds" (
	"project_id" text NOT NULL,
	"pipeline" integer NOT NULL,
	"job" text NOT NULL,
	"branch" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	CONSTRAINT "project_builds_pkey" PRIMARY KEY("project_id","pipeline","job"),
	CONSTRAINT "project_builds_status_known" CHECK ("project_builds"."status" in ('passed', 'failed', 'running', 'cancelled', 'skipped')),
	CONSTRAINT "project_builds_seconds" CHECK ("project_builds"."seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_incidents" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"status" text NOT NULL,
	"service" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "project_incidents_pkey" PRIMARY KEY("project_id","id"),
	CONSTRAINT "project_incidents_severity_known" CHECK ("project_incidents"."severity" in ('sev1', 'sev2', 'sev3', 'sev4')),
	CONSTRAINT "project_incidents_status_known" CHECK ("project_incidents"."status" in ('open', 'mitigated', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "project_metrics" (
	"project_id" text NOT NULL,
	"service" text NOT NULL,
	"metric" text NOT NULL,
	"unit" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "project_metrics_pkey" PRIMARY KEY("project_id","service","metric","at")
);
--> statement-breakpoint
CREATE TABLE "project_node_edges" (
	"project_id" text NOT NULL,
	"from_ref" text NOT NULL,
	"to_ref" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "project_node_edges_pkey" PRIMARY KEY("project_id","from_ref","to_ref")
);
--> statement-breakpoint
CREATE TABLE "project_releases" (
	"project_id" text NOT NULL,
	"tag" text NOT NULL,
	"sha" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"previous" text,
	CONSTRAINT "project_releases_pkey" PRIMARY KEY("project_id","tag"),
	CONSTRAINT "project_releases_sha_hex" CHECK ("project_releases"."sha" ~ '^[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "project_test_runs" ADD COLUMN "owner" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_builds" ADD CONSTRAINT "project_builds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_incidents" ADD CONSTRAINT "project_incidents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_metrics" ADD CONSTRAINT "project_metrics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_node_edges" ADD CONSTRAINT "project_node_edges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_releases" ADD CONSTRAINT "project_releases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_builds_started_idx" ON "project_builds" USING btree ("project_id","started_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "project_incidents_opened_idx" ON "project_incidents" USING btree ("project_id","opened_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "project_node_edges_to_idx" ON "project_node_edges" USING btree ("project_id","to_ref");
