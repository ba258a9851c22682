import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { findProjectCommits, findProjectFilePaths } from "@/db/queries/project-model";
import { projectCommitHref, projectFileHref } from "@/lib/project/project-paths";
import { decodeSegment, openProject } from "../../../../_components/open-project";
import { ProjectFrame, ProjectTime } from "../../../../_components/project-frame";
import styles from "../../../../_components/project.module.css";

/** The page title. */
export const metadata: Metadata = { title: "Commit" };

/** Props of the commit page. */
type CommitPageProps = { params: Promise<{ projectId: string; sha: string }> };

/** A commit of the project by its full sha: title, author, date, message and the files it touched. Members only. */
export default async function ProjectCommitPage({ params }: CommitPageProps) {
  const { projectId: rawProjectId, sha } = await params;
  const projectId = decodeSegment(rawProjectId);
  const { actor, project } = await openProject(projectCommitHref(projectId, sha), projectId);
  // Only a full sha opens the page: chips always link to the canonical one, so a prefix here is a guess.
  if (!/^[0-9a-f]{40}$/.test(sha)) notFound();
  const [commit] = await findProjectCommits({ projectId: project.id, shaPrefix: sha, limit: 1 });
  if (!commit) notFound();
  const stored = await findProjectFilePaths({ projectId: project.id, paths: commit.files });
  const files = commit.files.map((path) => ({ path, stored: stored.has(path) }));
  return (
    <ProjectFrame actor={actor} project={project} section="Commit">
      <h1>{commit.title}</h1>
      <dl className={styles.meta}>
        <dt>Commit</dt>
        <dd className={styles.sha}>{commit.sha}</dd>
        <dt>Author</dt>
        <dd>{commit.author}</dd>
        <dt>Date</dt>
        <dd>
          <ProjectTime date={commit.committedAt} />
        </dd>
        <dt>Branch</dt>
        <dd>{commit.branch}</dd>
      </dl>
      {commit.body ? <p>{commit.body}</p> : null}
      <h2>Files touched</h2>
      <ul className={styles.list}>
        {files.map((file) => (
          <li key={file.path} className={styles.sha}>
            {file.stored ? <Link href={projectFileHref(project.id, file.path)}>{file.path}</Link> : file.path}
          </li>
        ))}
      </ul>
    </ProjectFrame>
  );
}
