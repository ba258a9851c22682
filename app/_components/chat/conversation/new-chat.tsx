"use client";
/**
 * The start page of a chat: a few example prompts (the replay model's
 * recordings, so a newcomer without an API key sees what the playground can
 * do), the composer, the model picker (the person's model for new chats
 * first) and the chat settings, kept here until the first message creates
 * the chat with them and opens it, its reply already streaming.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ChatSettingsChange } from "@/lib/chat/core/chat-settings";
import { ChatSettingsDialog } from "../../settings/chat-settings-dialog";
import { ComposerTools } from "../../settings/composer-tools";
import { chatActions } from "../actions/chat-actions";
import { Composer, type SendOutcome } from "../composer/composer";
import { ModelPicker, type ModelOption } from "../model-picker/model-picker";
import styles from "./conversation.module.css";

/** One example prompt of the start page. */
export type ExamplePrompt = { title: string; prompt: string };

/** Props of `NewChat`. */
export type NewChatProps = {
  models: readonly ModelOption[];
  defaultModelId: string;
  examples: readonly ExamplePrompt[];
  /** Who is greeted. */
  greeting: string;
};

/** The start page; see the module comment. */
export function NewChat({ models, defaultModelId, examples, greeting }: NewChatProps) {
  const router = useRouter();
  const [modelId, setModelId] = useState(defaultModelId);
  const [settings, setSettings] = useState<ChatSettingsChange>({});
  const [pending, setPending] = useState<string | null>(null);
  const [exampleError, setExampleError] = useState<string | null>(null);

  const send = async (prompt: string, attachmentIds: string[] = []): Promise<SendOutcome> => {
    setPending(prompt);
    const outcome = await chatActions.sendMessage({
      prompt,
      modelId,
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
    });
    if ("error" in outcome) {
      setPending(null);
      return { error: outcome.error };
    }
    router.push(`/chat/${encodeURIComponent(outcome.chatId)}`);
    return {};
  };

  const sendExample = async (prompt: string) => {
    setExampleError(null);
    const outcome = await send(prompt);
    if (outcome.error !== undefined) setExampleError(outcome.error);
  };

  return (
    <div className={styles.conversation}>
      <div className={styles.scroller}>
        <div className={`${styles.content} ${styles.empty}`}>
          <h1>{greeting}</h1>
          <p className="lead">Ask for something with structure — a dashboard, a form, a diagram — and watch it render while the reply streams.</p>
          {examples.length > 0 ? (
            <section aria-labelledby="examples-heading">
              <h2 id="examples-heading" className="visually-hidden">
                Example prompts
              </h2>
              <ul className={styles.examples}>
                {examples.map((example) => (
                  <li key={example.prompt}>
                    <button type="button" className={styles.example} onClick={() => void sendExample(example.prompt)} disabled={pending !== null}>
                      <span className={styles.exampleTitle}>{example.title}</span>
                      <span className={styles.examplePrompt}>{example.prompt}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {pending !== null ? (
            <p role="status" className="muted">
              Starting the chat…
            </p>
          ) : null}
          {exampleError !== null ? (
            <p role="alert" className={styles.error}>
              {exampleError}
            </p>
          ) : null}
        </div>
      </div>
      <div className={styles.dock}>
        <Composer
          onSend={send}
          streaming={false}
          autoFocus
          tools={
            <ComposerTools>
              <ModelPicker models={models} value={modelId} onChange={setModelId} />
              <ChatSettingsDialog
                draft
                settings={settings}
                onSave={async (change) => {
                  setSettings(change);
                  return { settings: change };
                }}
              />
            </ComposerTools>
          }
        />
      </div>
    </div>
  );
}
