CREATE TABLE "compare_panes" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"slot" integer NOT NULL,
	"sample" integer NOT NULL,
	"label" text NOT NULL,
	"model_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"start_offset_ms" integer NOT NULL,
	"metrics" jsonb,
	"leaked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_panes_run_id_slot_sample_unique" UNIQUE("run_id","slot","sample"),
	CONSTRAINT "compare_panes_status_known" CHECK ("compare_panes"."status" in ('streaming', 'complete', 'stopped', 'error'))
);
--> statement-breakpoint
CREATE TABLE "compare_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prompt" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag" text,
	"blind" boolean NOT NULL,
	"parent_run_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compare_shares" (
	"run_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_shares_pkey" PRIMARY KEY("run_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "compare_votes" (
	"run_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ranking" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"panes" jsonb NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_votes_kind_known" CHECK ("compare_votes"."kind" in ('best', 'rank', 'tie', 'all-bad'))
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "purpose" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "usage" jsonb;--> statement-breakpoint
ALTER TABLE "compare_panes" ADD CONSTRAINT "compare_panes_run_id_compare_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."compare_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_panes" ADD CONSTRAINT "compare_panes_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_runs" ADD CONSTRAINT "compare_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_shares" ADD CONSTRAINT "compare_shares_run_id_compare_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."compare_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_shares" ADD CONSTRAINT "compare_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_votes" ADD CONSTRAINT "compare_votes_run_id_compare_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."compare_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_votes" ADD CONSTRAINT "compare_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compare_panes_chat_id_idx" ON "compare_panes" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "compare_runs_user_id_created_at_idx" ON "compare_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "compare_shares_user_id_idx" ON "compare_shares" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_purpose_known" CHECK ("chats"."purpose" in ('chat', 'compare'));