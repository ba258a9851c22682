-- Messages form a tree: a regenerated reply is a new child of the same prompt, an edited prompt a new child of the same parent.
ALTER TABLE "messages" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "active_leaf_id" text;--> statement-breakpoint
-- Every chat stored before versions existed is one straight line: each message's parent is the one before it.
UPDATE "messages" SET "parent_id" = "ordered"."previous" FROM (SELECT "id", lag("id") OVER (PARTITION BY "chat_id" ORDER BY "sequence") AS "previous" FROM "messages") AS "ordered" WHERE "ordered"."id" = "messages"."id" AND "ordered"."previous" IS NOT NULL;--> statement-breakpoint
UPDATE "chats" SET "active_leaf_id" = (SELECT "id" FROM "messages" WHERE "messages"."chat_id" = "chats"."id" ORDER BY "sequence" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_parent_id_idx" ON "messages" USING btree ("parent_id");
