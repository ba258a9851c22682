import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getProjectDiff, getProjectFile } from "@/db/queries/project-model";
import { projectDiffHref, projectFileHref } from "@/lib/project/project-paths";
import { decodeSegment, openProject } from "../../../../_components/open-project";
import { ProjectFrame } from "../../../../_components/project-frame";
import styles from "../../../../_components/project.module.css";

/** The page title. */
export const metadata: Metadata = { title: "Diff" };

/** Props of the diff page. */
type DiffPageProps = { params: Promise<{ projectId: string; diffId: string }> };

/** One line of unified hunks: a header, an added, a removed or a context line. */
function DiffLine({ text }: { text: string }) {
  if (text.startsWith("@@")) return <span className={styles.hunkHeader}>{text}</span>;
  if (text.startsWith("+")) return <ins className={`${styles.diffLine} ${styles.added}`}>{text}</ins>;
  if (text.startsWith("-")) return <del className={`${styles.diffLine} ${styles.removed}`}>{text}</del>;
  return <span className={styles.diffLine}>{text === "" ? " " : text}</span>;
}

/** The change of one path between two revisions: summary and hunks. Members only; anyone else gets a 404. */
export default async function ProjectDiffPage({ params }: DiffPageProps) {
  const { projectId: rawProjectId, diffId: rawDiffId } = await params;
  const projectId = decodeSegment(rawProjectId);
  const diffId = decodeSegment(rawDiffId);
  const { actor, project } = await openProject(projectDiffHref(projectId, diffId), projectId);
  const diff = await getProjectDiff({ projectId: project.id, diffId });
  if (!diff) notFound();
  const fileStored = (await getProjectFile({ projectId: project.id, path: diff.path })) !== null;
  const lines = diff.hunks.split("\n");
  return (
    <ProjectFrame actor={actor} project={project} section="Diff">
      <h1 className={styles.sha}>{diff.path}</h1>
      <dl className={styles.meta}>
        <dt>Base</dt>
        <dd className={styles.sha}>{diff.base}</dd>
        <dt>Head</dt>
        <dd className={styles.sha}>{diff.head}</dd>
        <dt>Changes</dt>
        <dd>
          {diff.additions} added, {diff.deletions} removed
        </dd>
        <dt>File</dt>
        <dd>{fileStored ? <Link href={projectFileHref(project.id, diff.path)}>Open {diff.path}</Link> : diff.path}</dd>
      </dl>
      <p>{diff.summary}</p>
      <pre className={styles.code} aria-label={`Changes to ${diff.path} from ${diff.base} to ${diff.head}`}>
        <code>
          {lines.map((text, index) => (
            <DiffLine key={index} text={text} />
          ))}
        </code>
      </pre>
    </ProjectFrame>
  );
}
