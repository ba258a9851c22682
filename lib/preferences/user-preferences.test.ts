import { describe, expect, it } from "vitest";
import { resolveUserPreferences, UserPreferencesInputSchema } from "./user-preferences";

const offered = ["replay:default", "replay:terse"];

describe("resolveUserPreferences", () => {
  it("is the system's theme and the server's default model for someone who never chose", () => {
    expect(resolveUserPreferences({ stored: null, offeredModelIds: offered, serverDefaultModelId: "replay:default" })).toEqual({
      theme: "system",
      defaultModelId: "replay:default",
    });
  });

  it("applies a stored theme and a stored model the server offers", () => {
    expect(resolveUserPreferences({ stored: { theme: "dark", defaultModelId: "replay:terse" }, offeredModelIds: offered, serverDefaultModelId: "replay:default" })).toEqual({
      theme: "dark",
      defaultModelId: "replay:terse",
    });
  });

  it("falls back for a model no longer offered and a theme it cannot read", () => {
    expect(resolveUserPreferences({ stored: { theme: "sepia", defaultModelId: "openai:gone" }, offeredModelIds: offered, serverDefaultModelId: "replay:default" })).toEqual({
      theme: "system",
      defaultModelId: "replay:default",
    });
  });
});

describe("UserPreferencesInputSchema", () => {
  it("takes a theme, a model, or both, and nothing else", () => {
    expect(UserPreferencesInputSchema.safeParse({ theme: "light" }).success).toBe(true);
    expect(UserPreferencesInputSchema.safeParse({ defaultModelId: "replay:default" }).success).toBe(true);
    expect(UserPreferencesInputSchema.safeParse({ defaultModelId: null }).success).toBe(true);
    expect(UserPreferencesInputSchema.safeParse({ theme: "sepia" }).success).toBe(false);
    expect(UserPreferencesInputSchema.safeParse({ theme: "dark", userId: "someone-else" }).success).toBe(false);
    expect(UserPreferencesInputSchema.safeParse({ defaultModelId: "x".repeat(201) }).success).toBe(false);
  });
});
