"use client";
/**
 * The browser's side of the artifact routes: every answer is parsed with the
 * shared schemas before it is drawn, a version's text is read once and kept
 * (a version never changes), and failures come back as words to show.
 */
import { ArtifactDetailSchema, ArtifactListSchema, artifactPaths, type ArtifactDetail, type ArtifactList } from "@/lib/artifacts/artifact-listing";

/** Versions' texts kept in memory; a long session's older ones are dropped first. */
const CONTENT_CACHE_ENTRIES = 40;

const contentCache = new Map<string, Promise<string>>();

/** What a failed read says. */
export const ARTIFACT_READ_FAILED = "The artifact could not be loaded. Check your connection and try again.";

async function readJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { cache: "no-store", credentials: "same-origin", ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The chat's artifacts. */
export async function fetchArtifactList(chatId: string, signal?: AbortSignal): Promise<ArtifactList> {
  return ArtifactListSchema.parse(await readJson(artifactPaths.list(chatId), signal));
}

/** One artifact with its versions. */
export async function fetchArtifactDetail(chatId: string, artifactId: string, signal?: AbortSignal): Promise<ArtifactDetail> {
  return ArtifactDetailSchema.parse(await readJson(artifactPaths.detail(chatId, artifactId), signal));
}

/** One version's exact text (read once per version, then kept). */
export function fetchArtifactContent(chatId: string, artifactId: string, version: number): Promise<string> {
  const url = artifactPaths.content(chatId, artifactId, version);
  const cached = contentCache.get(url);
  if (cached) return cached;
  const reading = fetch(url, { cache: "no-store", credentials: "same-origin" }).then(async (response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(await response.arrayBuffer());
  });
  contentCache.set(url, reading);
  // A failed read is not kept: the next look tries again.
  reading.catch(() => contentCache.delete(url));
  while (contentCache.size > CONTENT_CACHE_ENTRIES) contentCache.delete(contentCache.keys().next().value as string);
  return reading;
}
