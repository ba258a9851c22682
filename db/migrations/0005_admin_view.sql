-- The admin view of stored final trees (lib/admin). What the listing filters and sorts on is derived from the stored trees by
-- Postgres itself, as generated columns: every reply has them from the moment it is written, old replies included, and
-- nothing in the chat's write path has to remember them. Every jsonpath runs `silent`, so a malformed tree yields nothing
-- instead of refusing the reply's insert.
ALTER TABLE "messages" ADD COLUMN "tree_dialects" text[] GENERATED ALWAYS AS (array_remove(ARRAY[
	CASE WHEN "ui" IS NOT NULL THEN 'ui' END,
	CASE WHEN jsonb_path_exists("genui", '$.fences[0]', '{}', true) THEN 'octo-ui' END,
	CASE WHEN jsonb_path_exists("genui", '$.tools[0]', '{}', true) THEN 'render_ui' END
], NULL)) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tree_catalogs" jsonb GENERATED ALWAYS AS (jsonb_path_query_array("ui", 'strict $[*].catalog', '{}', true)) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tree_codes" jsonb GENERATED ALWAYS AS (jsonb_path_query_array("diagnostics", 'strict $[*].code', '{}', true)) STORED;--> statement-breakpoint
-- A ```ui node is an object with `expressions` and `bindings`; a GenUI node one with a string `type` under `items`.
ALTER TABLE "messages" ADD COLUMN "tree_nodes" integer GENERATED ALWAYS AS (
	coalesce(jsonb_array_length(jsonb_path_query_array("ui", 'strict $[*].nodes.** ? (@.type() == "object" && exists(@.expressions) && exists(@.bindings))', '{}', true)), 0)
	+ coalesce(jsonb_array_length(jsonb_path_query_array("genui", 'strict $.fences[*].spec.items.** ? (@.type() == "object" && @.type.type() == "string")', '{}', true)), 0)
	+ coalesce(jsonb_array_length(jsonb_path_query_array("genui", 'strict $.tools[*].spec.items.** ? (@.type() == "object" && @.type.type() == "string")', '{}', true)), 0)
) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tree_size" integer GENERATED ALWAYS AS (coalesce(octet_length("ui"::text), 0) + coalesce(octet_length("genui"::text), 0)) STORED;--> statement-breakpoint
-- The listing pages by (sort key, id) through these; each holds stored trees only.
DROP INDEX IF EXISTS "messages_stored_trees_idx";--> statement-breakpoint
CREATE INDEX "messages_stored_trees_idx" ON "messages" USING btree ("created_at" DESC, "id" DESC) WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_stored_trees_model_idx" ON "messages" USING btree ("model", "created_at" DESC, "id" DESC) WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_stored_trees_nodes_idx" ON "messages" USING btree ("tree_nodes" DESC, "id" DESC) WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_stored_trees_size_idx" ON "messages" USING btree ("tree_size" DESC, "id" DESC) WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_stored_trees_codes_idx" ON "messages" USING gin ("tree_codes") WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_stored_trees_text_idx" ON "messages" USING gin (to_tsvector('simple', "text")) WHERE "ui" IS NOT NULL OR "genui" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "admin_audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"filter" jsonb,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_events_action_known" CHECK ("admin_audit_events"."action" in ('view-tree', 'recompile-tree', 'export', 'recompile-batch'))
);--> statement-breakpoint
CREATE INDEX "admin_audit_events_created_at_idx" ON "admin_audit_events" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- The audit log is append-only in the database too, not only in the app: an edit or a delete is refused.
CREATE FUNCTION "admin_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_audit_events is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_events_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_events" FOR EACH ROW EXECUTE FUNCTION "admin_audit_events_append_only"();--> statement-breakpoint
CREATE TABLE "admin_recompile_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_user_id" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "admin_recompile_runs_status_known" CHECK ("admin_recompile_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "admin_recompile_runs_progress" CHECK ("admin_recompile_runs"."processed" >= 0 and "admin_recompile_runs"."changed" >= 0 and "admin_recompile_runs"."total" >= 0)
);--> statement-breakpoint
CREATE TABLE "admin_recompile_changes" (
	"run_id" text NOT NULL,
	"message_id" text NOT NULL,
	"kinds" text[] NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_recompile_changes_pkey" PRIMARY KEY("run_id","message_id")
);--> statement-breakpoint
ALTER TABLE "admin_recompile_changes" ADD CONSTRAINT "admin_recompile_changes_run_id_admin_recompile_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."admin_recompile_runs"("id") ON DELETE cascade ON UPDATE no action;
