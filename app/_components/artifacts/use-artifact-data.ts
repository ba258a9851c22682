"use client";
/**
 * Reading the panel's data: the chat's artifact list, one artifact's
 * versions, and one version's text — each read again when the thing it
 * depends on changes, an answer for an older request never replacing a newer one.
 */
import { useCallback, useEffect, useState } from "react";
import type { ArtifactDetail, ArtifactSummary } from "@/lib/artifacts/artifact-listing";
import { ARTIFACT_READ_FAILED, fetchArtifactContent, fetchArtifactDetail, fetchArtifactList } from "./artifacts-client";

/** A read's state: its value once read, or why it failed. */
export type Loaded<Value> = { value: Value | null; error: string | null };

/** The chat's artifacts, read again whenever `key` changes. */
export function useArtifactList(chatId: string, key: string): Loaded<readonly ArtifactSummary[]> & { reload: () => void } {
  const [state, setState] = useState<Loaded<readonly ArtifactSummary[]>>({ value: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchArtifactList(chatId, controller.signal).then(
      (list) => setState({ value: list.artifacts, error: null }),
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ value: previous.value, error: ARTIFACT_READ_FAILED }));
      },
    );
    return () => controller.abort();
  }, [chatId, key, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}

/** One artifact with its versions, read again whenever `revision` changes. */
export function useArtifactDetail(chatId: string, artifactId: string, revision: string): Loaded<ArtifactDetail> {
  const [state, setState] = useState<Loaded<ArtifactDetail> & { for: string }>({ value: null, error: null, for: artifactId });
  useEffect(() => {
    const controller = new AbortController();
    fetchArtifactDetail(chatId, artifactId, controller.signal).then(
      (detail) => setState({ value: detail, error: null, for: artifactId }),
      () => {
        if (!controller.signal.aborted) setState({ value: null, error: ARTIFACT_READ_FAILED, for: artifactId });
      },
    );
    return () => controller.abort();
  }, [chatId, artifactId, revision]);
  // Another artifact's answer is never shown for this one.
  return state.for === artifactId ? state : { value: null, error: null };
}

/** One version's text; null for `version` shows nothing. */
export function useArtifactContent(chatId: string, artifactId: string, version: number | null): Loaded<string> {
  const key = version === null ? null : `${artifactId}/${version}`;
  const [state, setState] = useState<Loaded<string> & { for: string | null }>({ value: null, error: null, for: null });
  useEffect(() => {
    if (version === null) return;
    let current = true;
    fetchArtifactContent(chatId, artifactId, version).then(
      (content) => current && setState({ value: content, error: null, for: `${artifactId}/${version}` }),
      () => current && setState({ value: null, error: ARTIFACT_READ_FAILED, for: `${artifactId}/${version}` }),
    );
    return () => {
      current = false;
    };
  }, [chatId, artifactId, version]);
  return state.for === key && key !== null ? state : { value: null, error: null };
}
