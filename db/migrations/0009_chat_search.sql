-- Searching a person's chats (db/queries/chat-search.ts) by title and by the words of their visible messages. The 'simple'
-- configuration (lower-cased words, no stemming, no stop words) is built into Postgres, so PGlite and Postgres index
-- and match identically, in any language. Silent action turns are never drawn, so they are never searched either.
CREATE INDEX "messages_text_search_idx" ON "messages" USING gin (to_tsvector('simple', "text")) WHERE "silent" = false;--> statement-breakpoint
CREATE INDEX "chats_title_search_idx" ON "chats" USING gin (to_tsvector('simple', "title"));
