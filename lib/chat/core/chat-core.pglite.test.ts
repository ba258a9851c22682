/** The chat core's suite on the embedded database (a fresh in-memory PGlite) with the in-process bus. */
import { vi } from "vitest";
import { defineChatCoreSuite } from "../testing/chat-core-suite";

vi.mock("server-only", () => ({}));

defineChatCoreSuite("pglite");
