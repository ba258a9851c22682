CREATE TABLE "artifacts" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"path" text NOT NULL,
	"latest_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifacts_chat_id_path_unique" UNIQUE("chat_id","path"),
	CONSTRAINT "artifacts_latest_version_positive" CHECK ("artifacts"."latest_version" > 0)
);
--> statement-breakpoint
CREATE TABLE "artifact_versions" (
	"artifact_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"message_id" text NOT NULL,
	"tool" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifact_versions_pkey" PRIMARY KEY("artifact_id","version"),
	CONSTRAINT "artifact_versions_version_positive" CHECK ("artifact_versions"."version" > 0),
	CONSTRAINT "artifact_versions_size_nonnegative" CHECK ("artifact_versions"."size_bytes" >= 0),
	CONSTRAINT "artifact_versions_tool_known" CHECK ("artifact_versions"."tool" in ('write_file', 'edit_file')),
	CONSTRAINT "artifact_versions_kind_known" CHECK ("artifact_versions"."kind" in ('markdown', 'html', 'svg', 'code', 'csv', 'json', 'text'))
);
--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artifact_versions" ADD CONSTRAINT "artifact_versions_artifact_id_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."artifacts"("id") ON DELETE cascade ON UPDATE no action;
