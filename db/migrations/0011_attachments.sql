CREATE TABLE "attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"chat_id" text,
	"media_type" text NOT NULL,
	"name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "attachments_media_type_known" CHECK ("attachments"."media_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
	CONSTRAINT "attachments_size_matches" CHECK ("attachments"."size_bytes" = octet_length("attachments"."bytes") and "attachments"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attachments_chat_id_idx" ON "attachments" USING btree ("chat_id","attached_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "attachments_user_id_pending_idx" ON "attachments" USING btree ("user_id") WHERE "attachments"."chat_id" is null;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachments" jsonb;
