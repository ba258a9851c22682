/** Every table of the app, as drizzle and drizzle-kit see them. */
export { accounts, sessions, users, verifications, USER_ROLES, type User, type UserRole } from "./auth";
export {
  chats,
  messages,
  panels,
  preambles,
  MESSAGE_ROLES,
  MESSAGE_STATUSES,
  type Chat,
  type Message,
  type MessageRole,
  type Panel,
  type Preamble,
  type MessageStatus,
} from "./chat";
export type { JsonValue } from "./json";
