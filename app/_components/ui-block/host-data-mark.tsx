"use client";
/**
 * Provenance in a drawn block: a value computed from the host's data (a
 * `@Query`, see lib/ui/evaluate/host-data.ts) is marked, subtly, with the
 * source and when it was read; a figure the model typed beside live data is
 * marked unverified (`useTypedBesideHostData`; the Stat card draws the mark).
 * Only where a host supplies data (`hostSources`): a gallery or an admin page
 * marks nothing.
 */
import type { ReactNode } from "react";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { useUiRenderContext, type UiHostSource } from "./render-context";
import styles from "./ui-block.module.css";

/** What a mark says: `From tests, read 18:55:03` (several sources are joined; a source still loading says so). */
export function hostDataLabel(names: readonly string[], sources: ReadonlyMap<string, UiHostSource>): string | undefined {
  const parts: string[] = [];
  for (const name of names) {
    const source = sources.get(name);
    if (!source) continue;
    const when = source.readAt === undefined ? "loading" : `read ${new Date(source.readAt).toLocaleTimeString()}`;
    const part = `${source.source}, ${when}`;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts.length > 0 ? `From the project's data: ${parts.join("; ")}` : undefined;
}

/** The label of a node's prop when it came from host data; undefined for a value the model typed. */
export function useHostDataLabel(node: UiViewNode, prop: string): string | undefined {
  const { hostSources } = useUiRenderContext();
  const names = node.hostData?.[prop];
  return hostSources && names ? hostDataLabel(names, hostSources) : undefined;
}

/** True when the block reads host data and this prop of the node does not: the model typed it beside live figures. */
export function useTypedBesideHostData(node: UiViewNode, prop: string): boolean {
  const { hostSources } = useUiRenderContext();
  return hostSources !== undefined && hostSources.size > 0 && node.hostData?.[prop] === undefined;
}

/** An inline value from host data: a dotted underline, with the source in its tooltip and for screen readers on focus of the block. */
export function HostValue({ label, children }: { label: string | undefined; children: ReactNode }) {
  if (label === undefined) return children;
  return (
    <span className={styles.hostValue} title={label} data-host-data="">
      {children}
    </span>
  );
}

/** A line under a table or chart whose rows came from host data. */
export function HostDataNote({ label }: { label: string | undefined }) {
  if (label === undefined) return null;
  return (
    <p className={styles.hostNote} data-host-data="">
      <span aria-hidden="true">◆ </span>
      {label}
    </p>
  );
}
