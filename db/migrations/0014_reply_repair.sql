ALTER TABLE "messages" ADD COLUMN "repair" jsonb;
