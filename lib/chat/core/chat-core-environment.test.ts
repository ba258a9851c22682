import { describe, expect, it } from "vitest";
import { chatCoreOptionsFromEnvironment } from "./chat-core-environment";

describe("the chat core's limits from the environment", () => {
  it("leaves the defaults when nothing is set", () => {
    expect(chatCoreOptionsFromEnvironment({})).toEqual({ options: {}, problems: [] });
    expect(chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: " " })).toEqual({ options: {}, problems: [] });
  });

  it("reads seconds, fractions included, as milliseconds", () => {
    expect(chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: "90" }).options).toEqual({ modelIdleTimeoutMs: 90_000 });
    expect(chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: "2.5" }).options).toEqual({ modelIdleTimeoutMs: 2_500 });
  });

  it("ignores a value that is not a positive number, and says which", () => {
    const { options, problems } = chatCoreOptionsFromEnvironment({ MODEL_IDLE_TIMEOUT_SECONDS: "0" });
    expect(options).toEqual({});
    expect(problems).toEqual(['MODEL_IDLE_TIMEOUT_SECONDS must be a positive number of seconds, not "0"; the default is used']);
  });
});
