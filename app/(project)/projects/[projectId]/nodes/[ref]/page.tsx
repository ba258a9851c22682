import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getProjectNode } from "@/db/queries/project-model";
import { projectNodeHref } from "@/lib/project/project-paths";
import { decodeSegment, openProject } from "../../../../_components/open-project";
import { ProjectFrame } from "../../../../_components/project-frame";
import styles from "../../../../_components/project.module.css";

/** The page title. */
export const metadata: Metadata = { title: "Node" };

/** Props of the node page. */
type NodePageProps = { params: Promise<{ projectId: string; ref: string }> };

/** A node of the running system (service, job, database, queue). Members only; anyone else gets a 404. */
export default async function ProjectNodePage({ params }: NodePageProps) {
  const { projectId: rawProjectId, ref: rawRef } = await params;
  const projectId = decodeSegment(rawProjectId);
  const ref = decodeSegment(rawRef);
  const { actor, project } = await openProject(projectNodeHref(projectId, ref), projectId);
  const node = await getProjectNode({ projectId: project.id, ref });
  if (!node) notFound();
  return (
    <ProjectFrame actor={actor} project={project} section="Node">
      <h1>{node.title}</h1>
      <dl className={styles.meta}>
        <dt>Ref</dt>
        <dd className={styles.sha}>{node.ref}</dd>
        <dt>Kind</dt>
        <dd>{node.kind}</dd>
      </dl>
      <p>{node.description}</p>
    </ProjectFrame>
  );
}
