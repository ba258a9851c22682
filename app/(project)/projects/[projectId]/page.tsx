import type { Metadata } from "next";
import Link from "next/link";
import { findProjectDiffs, listLatestTestResults, listProjectCommits, listProjectFiles, listProjectNodes } from "@/db/queries/project-model";
import { projectCommitHref, projectDiffHref, projectFileHref, projectHref, projectNodeHref, shortSha } from "@/lib/project/project-paths";
import { decodeSegment, openProject } from "../../_components/open-project";
import { ProjectTime } from "../../_components/project-frame";
import { SiteHeader } from "../../../(auth)/_components/site-header";
import styles from "../../_components/project.module.css";

/** The page title. */
export const metadata: Metadata = { title: "Project" };

/** Rows of each list on the overview: a glance, not the whole history. */
const OVERVIEW_ROWS = 20;


/** Props of the overview page. */
type ProjectPageProps = { params: Promise<{ projectId: string }> };

/** A project at a glance: the newest test run, recent commits, diffs, files and nodes. Members only. */
export default async function ProjectPage({ params }: ProjectPageProps) {
  const projectId = decodeSegment((await params).projectId);
  const { actor, project } = await openProject(projectHref(projectId), projectId);
  const scope = { projectId: project.id, limit: OVERVIEW_ROWS };
  const [tests, commits, diffs, files, nodes] = await Promise.all([
    listLatestTestResults({ ...scope, branch: project.defaultBranch }),
    listProjectCommits({ ...scope, branch: project.defaultBranch }),
    findProjectDiffs(scope),
    listProjectFiles(scope),
    listProjectNodes(scope),
  ]);
  const failed = tests.filter((test) => test.failed).length;
  const run = tests[0];
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={`page ${styles.page}`}>
        <h1>{project.name}</h1>
        <p className="lead">{project.description}</p>
        {run ? (
          <p>
            Newest run on {project.defaultBranch}: #{run.runNumber}, finished <ProjectTime date={run.finishedAt} /> — {failed} of {tests.length}{" "}
            tests failed.
          </p>
        ) : null}
        <div className={styles.sections}>
          <section aria-labelledby="commits-heading">
            <h2 id="commits-heading">Recent commits on {project.defaultBranch}</h2>
            <ul className={styles.list}>
              {commits.map((commit) => (
                <li key={commit.sha}>
                  <Link href={projectCommitHref(project.id, commit.sha)}>
                    <span className={styles.sha}>{shortSha(commit.sha)}</span> {commit.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="diffs-heading">
            <h2 id="diffs-heading">Diffs</h2>
            <ul className={styles.list}>
              {diffs.map((diff) => (
                <li key={diff.id}>
                  <Link href={projectDiffHref(project.id, diff.id)}>
                    <span className={styles.sha}>{diff.path}</span> {diff.base}…{diff.head}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="files-heading">
            <h2 id="files-heading">Files</h2>
            <ul className={styles.list}>
              {files.map((file) => (
                <li key={file.path} className={styles.sha}>
                  <Link href={projectFileHref(project.id, file.path)}>{file.path}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="nodes-heading">
            <h2 id="nodes-heading">Nodes</h2>
            <ul className={styles.list}>
              {nodes.map((node) => (
                <li key={node.ref}>
                  <Link href={projectNodeHref(project.id, node.ref)}>{node.title}</Link> <span className="muted">{node.ref}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
    </>
  );
}
