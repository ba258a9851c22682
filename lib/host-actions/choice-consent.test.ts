import { describe, expect, it } from "vitest";
import { choiceAsksFor } from "./choice-consent";
import type { ChoiceField, HostActionOrigin } from "./idempotency-key";

const pick = (choiceId: string, fields: ChoiceField[] = []): HostActionOrigin => ({ kind: "choice", chosen: { messageId: "reply", blockId: "tests", choiceId }, fields });
const rerunDefaults = { branch: "main" };

describe("choiceAsksFor", () => {
  it("lets the first call of the action a choice names run with its defaults", () => {
    expect(choiceAsksFor({ origin: pick("rerun_tests"), action: "rerun_tests", position: 0, normalized: { branch: "main" }, defaults: rerunDefaults })).toBe(true);
  });

  it("asks again for a typed prompt, another choice, another action, or a second call", () => {
    const call = { action: "rerun_tests" as const, position: 0, normalized: { branch: "main" }, defaults: rerunDefaults };
    expect(choiceAsksFor({ ...call, origin: { kind: "message", messageId: "prompt" } })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("rerun") })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("RERUN_TESTS") })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("file_issue") })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("rerun_tests"), position: 1 })).toBe(false);
  });

  it("takes an argument past its default only when the person saw it on the choice", () => {
    const call = { origin: pick("rerun_tests"), action: "rerun_tests" as const, position: 0, defaults: rerunDefaults };
    expect(choiceAsksFor({ ...call, normalized: { branch: "release" } })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("rerun_tests", [{ label: " branch ", value: "release" }]), normalized: { branch: "release" } })).toBe(true);
    expect(choiceAsksFor({ ...call, origin: pick("rerun_tests", [{ label: "Branch", value: "release-2" }]), normalized: { branch: "release" } })).toBe(false);
  });

  it("files an issue from a click only when its title, body and labels were all shown", () => {
    const issue = { title: "Login test is flaky", body: "Fails one run in five.", labels: ["tests", "auth"] };
    const call = { action: "file_issue" as const, position: 0, normalized: issue, defaults: { labels: [] } };
    expect(choiceAsksFor({ ...call, origin: pick("file_issue") })).toBe(false);
    const shown = [
      { label: "Title", value: "Login test is flaky" },
      { label: "Body", value: "Fails one run in five." },
    ];
    expect(choiceAsksFor({ ...call, origin: pick("file_issue", shown) })).toBe(false);
    expect(choiceAsksFor({ ...call, origin: pick("file_issue", [...shown, { label: "Labels", value: "tests, auth" }]) })).toBe(true);
    expect(choiceAsksFor({ ...call, normalized: { ...issue, labels: [] }, origin: pick("file_issue", shown) })).toBe(true);
  });
});
