CREATE UNLOGGED TABLE "chat_bus_payloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_bus_payloads_created_at_idx" ON "chat_bus_payloads" ("created_at");
