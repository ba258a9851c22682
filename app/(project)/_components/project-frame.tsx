import Link from "next/link";
import type { ReactNode } from "react";
import type { Project } from "@/db/schema/project";
import type { Actor } from "@/lib/auth/policy";
import { projectHref } from "@/lib/project/project-paths";
import { SiteHeader } from "../../(auth)/_components/site-header";
import styles from "./project.module.css";

/** Props of `ProjectFrame`. */
export type ProjectFrameProps = {
  actor: Actor;
  project: Project;
  /** What the page shows, e.g. "File" (the crumb after the project's name). */
  section: string;
  children: ReactNode;
};

/** A read-only project page: the site header, a breadcrumb back to the project, and the page's content. */
export function ProjectFrame({ actor, project, section, children }: ProjectFrameProps) {
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={`page ${styles.page}`}>
        <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
          <ol>
            <li>
              <Link href={projectHref(project.id)}>{project.name}</Link>
            </li>
            <li aria-current="page">{section}</li>
          </ol>
        </nav>
        {children}
      </main>
    </>
  );
}

/** A date as the pages show it: ISO day and minute, UTC, the same on the server and in every browser. */
export function ProjectTime({ date }: { date: Date }) {
  return <time dateTime={date.toISOString()}>{`${date.toISOString().slice(0, 16).replace("T", " ")} UTC`}</time>;
}
