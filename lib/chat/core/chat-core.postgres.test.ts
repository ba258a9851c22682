/**
 * The chat core's suite on Postgres (a fresh database per run) with the
 * LISTEN/NOTIFY bus, plus two instances sharing the database.
 */
import { vi } from "vitest";
import { defineChatCoreSuite } from "../testing/chat-core-suite";

vi.mock("server-only", () => ({}));

defineChatCoreSuite("postgres");
