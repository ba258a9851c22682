/**
 * The artifact-network class (cases/artifact-network.ts), proven by packets:
 * a TCP server and a UDP socket per case listen on a loopback "attacker"
 * host (e2e/support/loopback-attacker.ts) while the hostile model, through
 * the app's OpenAI-compatible provider, writes each probe page into the
 * production build and the Artifacts panel runs it in its sandboxed frame in
 * Chromium. After the page reports that its script tried everything, and a
 * pause for STUN retransmits and late preconnects, nothing may have reached
 * the case's port: no datagram, no connection, not even one without a byte.
 *
 * The browser runs on a persistent profile of its own: Chromium honours
 * preconnect hints only in a regular profile (Playwright's default contexts
 * are off-the-record, where the loading predictor drops them), and a person's
 * browser is a regular profile.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type LaunchOptions } from "@playwright/test";
import { ArtifactsPanel } from "../pages/artifacts-panel";
import { ChatPage } from "../pages/chat-page";
import { SignInPage } from "../pages/sign-in-page";
import { listenAsAttacker } from "../support/loopback-attacker";
import { ARTIFACT_ATTACKER_HOST, ARTIFACT_NETWORK_CASES, artifactAttackerPort, artifactProbePath } from "./cases/artifact-network";
import { hostilePrompt } from "./hostile-case";
import { HOSTILE_MODEL_ID } from "./hostile-session";

/** Milliseconds a probe page may take to load in its frame and report. */
const PROBE_REPORT_MS = 20_000;

/** Milliseconds to keep listening after a page reported: STUN retransmits within this, and a TURN or preconnect socket opens at once. */
const LATE_PACKET_MS = 3_000;

test("artifact pages reach no socket: WebRTC, resource hints, nested frames, workers and every request channel, watched on loopback", async ({ baseURL }, testInfo) => {
  test.setTimeout(60_000 + ARTIFACT_NETWORK_CASES.length * 45_000);
  const ports = ARTIFACT_NETWORK_CASES.map((_, index) => artifactAttackerPort(index));
  const attacker = await listenAsAttacker({ host: ARTIFACT_ATTACKER_HOST, ports });
  const profile = mkdtempSync(path.join(os.tmpdir(), "artifact-network-"));
  let context: BrowserContext | undefined;
  const problems: string[] = [];
  try {
    const launchOptions = (testInfo.project.use.launchOptions ?? {}) as LaunchOptions;
    context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: { width: 1280, height: 800 } });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      const record = window as unknown as { networkProbes: unknown[] };
      record.networkProbes = [];
      window.addEventListener("message", (event) => record.networkProbes.push(event.data));
    });
    await new SignInPage(page).continueAsGuest("/");
    const chat = new ChatPage(page);
    const panel = new ArtifactsPanel(page);
    for (const [index, hostileCase] of ARTIFACT_NETWORK_CASES.entries()) {
      const port = ports[index] as number;
      const name = artifactProbePath(hostileCase.id.replace(/^artifact-net-/, ""));
      await page.goto("/");
      await chat.modelPicker.selectOption(HOSTILE_MODEL_ID);
      await chat.send(hostilePrompt(hostileCase.id));
      await chat.waitForReplyEnd();
      for (const shown of hostileCase.expect?.replyShows ?? []) await expect(chat.lastReply()).toContainText(shown);
      // The panel comes forward with a reply's artifact unless the person closed it; the reply's chip opens it either way.
      if (!(await panel.heading().filter({ hasText: name }).isVisible())) await panel.chip(chat.lastReply(), `Created ${name} version 1`).click();
      await expect(panel.heading()).toHaveText(name);
      const report = await page
        .waitForFunction((id) => (window as unknown as { networkProbes: { artifactNetworkProbe?: string; tried?: string[] }[] }).networkProbes.find((message) => message?.artifactNetworkProbe === id)?.tried ?? null, hostileCase.id, { timeout: PROBE_REPORT_MS })
        .then((handle) => handle.jsonValue())
        .catch(() => null);
      if (report === null) problems.push(`${hostileCase.id}: the page never reported (its script did not run to the end)`);
      await page.waitForTimeout(LATE_PACKET_MS);
      const reached = attacker.describe(port);
      console.log(`${reached.length === 0 ? "✓" : "✘"} ${hostileCase.id}: ${reached.length} hits; tried ${JSON.stringify(report)}`);
      for (const hit of reached.slice(0, 6)) problems.push(`${hostileCase.id}: ${hit}`);
      if (reached.length > 6) problems.push(`${hostileCase.id}: … ${reached.length - 6} more`);
    }
    // Nothing reached a port of no case either (a hit is always some case's).
    const unclaimed = attacker.hits.filter((hit) => !ports.includes(hit.port));
    expect(unclaimed).toEqual([]);
  } finally {
    await context?.close();
    await attacker.close();
    rmSync(profile, { recursive: true, force: true });
  }
  await testInfo.attach("artifact-network-hits.json", { body: JSON.stringify(attacker.hits, null, 2), contentType: "application/json" });
  expect(problems, problems.join("\n")).toEqual([]);
});
