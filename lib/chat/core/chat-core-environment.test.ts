import { describe, expect, it } from "vitest";
import { chatCoreOptionsFromEnvironment } from "./chat-core-environment";

describe("the chat core's limits from the environment", () => {
  it("leaves the defaults when nothing is set", () => {
    expect(chatCoreOptionsFromEnvironment({})).toEqual({ options: {}, problems: [] });
    expect(chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: " ", REPLY_STORE_RETRY_SECONDS: "" })).toEqual({ options: {}, problems: [] });
  });

  it("reads seconds, fractions included, as milliseconds", () => {
    expect(chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: "90", REPLY_STORE_RETRY_SECONDS: "2.5" }).options).toEqual({
      modelIdleTimeoutMs: 90_000,
      finalStoreRetryMs: 2_500,
    });
  });

  it("ignores a value that is not a positive number, and says which", () => {
    const { options, problems } = chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: "0", REPLY_STORE_RETRY_SECONDS: "soon" });
    expect(options).toEqual({});
    expect(problems).toEqual([
      'MODEL_IDLE_TIMEOUT_SECONDS must be a positive number of seconds, not "0"; the default is used',
      'REPLY_STORE_RETRY_SECONDS must be a positive number of seconds, not "soon"; the default is used',
    ]);
  });
});
