/**
 * The hostile corpus (e2e/hostile/cases) played through the real chat in
 * Chromium, against the production build, from a hostile model behind the
 * app's OpenAI-compatible provider (e2e/support/hostile-model-server.ts).
 * After every case: no page error or console error, no request off the
 * origin and none on it but the app's own machinery, nothing in the whole
 * document that loads or carries a script URL, the person's turn stored as
 * typed and the reply stored as shown, what the reply must show is there,
 * and the chat answers the next message. Each chat is reopened at the end,
 * so the stored form of every reply is checked too. One test per class;
 * its failure lists every failing case with its reasons (SECURITY.md names
 * the classes and the promises they check).
 */
import { expect, test } from "@playwright/test";
import { HOSTILE_CASES } from "./cases";
import { HOSTILE_CLASSES, type HostileClass } from "./hostile-case";
import { HostileSession } from "./hostile-session";

/** Cases played in one chat: enough to catch what one case leaves behind for the next, few enough that reopening it stays quick. */
const CASES_PER_CHAT = 20;

/** Milliseconds one case may take when it fails: its reply waited for twice (start, end), the ping, the checks. */
const FAILING_CASE_MS = 45_000;

/** Classes whose pages make the browser refuse requests on purpose (artifact pages probing the network): e2e/hostile/artifact-network.spec.ts checks them with sockets. */
const CLASSES_WITH_THEIR_OWN_SPEC: readonly HostileClass[] = ["artifact-network"];

for (const hostileClass of (Object.keys(HOSTILE_CLASSES) as HostileClass[]).filter((name) => !CLASSES_WITH_THEIR_OWN_SPEC.includes(name))) {
  const cases = HOSTILE_CASES.filter((hostileCase) => hostileCase.class === hostileClass);
  test(`hostile corpus: ${hostileClass}`, async ({ page }, testInfo) => {
    // Room for every case to fail slowly: the failures are the report, so they must all be reached.
    test.setTimeout(60_000 + cases.reduce((sum, hostileCase) => sum + FAILING_CASE_MS + 2 * (hostileCase.replyTimeoutMs ?? 0), 0));
    const session = new HostileSession(page);
    await session.start();
    let inChat = 0;
    for (const hostileCase of cases) {
      const ownChat = hostileCase.ownChat === true || inChat >= CASES_PER_CHAT;
      await session.play(hostileCase, { ownChat });
      // A case with a chat of its own leaves it to nobody else.
      inChat = hostileCase.ownChat === true ? CASES_PER_CHAT : ownChat ? 1 : inChat + 1;
    }
    await session.checkStoredForms();
    await testInfo.attach("hostile-outcomes.json", { body: JSON.stringify(session.outcomes, null, 2), contentType: "application/json" });
    const summary = session.summary();
    expect(session.outcomes.filter((outcome) => outcome.problems.length > 0), summary).toEqual([]);
  });
}
