"use client";
/**
 * The chat's project data client, for the blocks of its thread: a stored
 * block asks it for its queries' rows and its chips. Absent (null) outside a
 * chat — galleries, tests, a reply still streaming — where blocks draw
 * without host data.
 */
import { createContext, useContext } from "react";
import type { ProjectDataClient } from "./project-data-client";

/** The client of the open chat, or null. */
export const ProjectDataContext = createContext<ProjectDataClient | null>(null);

/** The open chat's client, or null outside a chat. */
export function useProjectDataClient(): ProjectDataClient | null {
  return useContext(ProjectDataContext);
}
