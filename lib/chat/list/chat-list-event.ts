/**
 * What a person's chat list channel (GET /api/chats/events) sends: the list
 * as it stands, first on connecting and again after every change. Sending the
 * whole list (one sidebar page) keeps the browser's copy exactly the server's,
 * whatever events it missed while disconnected.
 */
import { z } from "zod";
import { ChatSummarySchema } from "../wire";

/** One event of the chat list channel. */
export const ChatListEventSchema = z.object({
  type: z.literal("chats"),
  // At most one page of the sidebar (db/queries/chats.ts MAX_CHATS_PER_PAGE).
  chats: z.array(ChatSummarySchema).max(200),
});
/** One event of the chat list channel. */
export type ChatListEvent = z.infer<typeof ChatListEventSchema>;
