import { describe, expect, it } from "vitest";
import { chatViewKeyAction, composerKeyAction, type ChatViewKey, type ComposerKey } from "./composer-key-action";

function press(key: string, modifiers: Partial<ComposerKey> = {}): ComposerKey {
  return { key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, isComposing: false, ...modifiers };
}

describe("composerKeyAction", () => {
  it("sends on Enter, whether or not a reply streams (the composer refuses a send while one does)", () => {
    expect(composerKeyAction(press("Enter"), false)).toBe("send");
    expect(composerKeyAction(press("Enter"), true)).toBe("send");
  });

  it("leaves Shift+Enter and other modified Enters to the textarea (a newline)", () => {
    expect(composerKeyAction(press("Enter", { shiftKey: true }), false)).toBeNull();
    expect(composerKeyAction(press("Enter", { altKey: true }), false)).toBeNull();
    expect(composerKeyAction(press("Enter", { ctrlKey: true }), false)).toBeNull();
  });

  it("stops on Escape only while a reply streams", () => {
    expect(composerKeyAction(press("Escape"), true)).toBe("stop");
    expect(composerKeyAction(press("Escape"), false)).toBeNull();
  });

  it("never acts while an input method is composing", () => {
    expect(composerKeyAction(press("Enter", { isComposing: true }), false)).toBeNull();
    expect(composerKeyAction(press("Escape", { isComposing: true }), true)).toBeNull();
  });

  it("ignores every other key", () => {
    expect(composerKeyAction(press("a"), true)).toBeNull();
  });
});

function viewPress(key: string, state: Partial<ChatViewKey> = {}): ChatViewKey {
  return { key, isComposing: false, defaultPrevented: false, overlayOpen: false, ...state };
}

describe("chatViewKeyAction", () => {
  it("stops a streaming reply on Escape from anywhere in the view", () => {
    expect(chatViewKeyAction(viewPress("Escape"), true)).toBe("stop");
  });

  it("does nothing when no reply streams, or for another key", () => {
    expect(chatViewKeyAction(viewPress("Escape"), false)).toBeNull();
    expect(chatViewKeyAction(viewPress("Enter"), true)).toBeNull();
  });

  it("leaves Escape to an open dialog or menu, an input method, or a part of the page that answered it", () => {
    expect(chatViewKeyAction(viewPress("Escape", { overlayOpen: true }), true)).toBeNull();
    expect(chatViewKeyAction(viewPress("Escape", { isComposing: true }), true)).toBeNull();
    expect(chatViewKeyAction(viewPress("Escape", { defaultPrevented: true }), true)).toBeNull();
  });
});
