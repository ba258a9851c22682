ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'prompt' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "action" jsonb;--> statement-breakpoint
-- A silent turn stored before kinds existed was an envelope the server accepted as a panel action.
UPDATE "messages" SET "kind" = 'action' WHERE "role" = 'user' AND "silent";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" in ('prompt', 'action', 'choice'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_kind" CHECK ("messages"."role" = 'user' or "messages"."kind" = 'prompt');--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_silent_turn_is_action" CHECK ("messages"."role" <> 'user' or not "messages"."silent" or "messages"."kind" = 'action');