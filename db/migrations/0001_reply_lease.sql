ALTER TABLE "chats" ADD COLUMN "reply_lease_holder" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "reply_lease_until" timestamp with time zone;