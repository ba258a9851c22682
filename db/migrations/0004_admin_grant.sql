ALTER TABLE "users" ADD COLUMN "admin_granted_at" timestamp with time zone;--> statement-breakpoint
-- The admin role used to follow ADMIN_EMAILS at sign-up, with nothing verifying the address: whoever
-- signed up first with a listed address became admin. Take the role back from every such account; a
-- real admin verifies the address (the link is in the server log) or is granted with `npm run admin:grant`.
UPDATE "users" SET "role" = 'user' WHERE "role" = 'admin' AND "email_verified" = false;
