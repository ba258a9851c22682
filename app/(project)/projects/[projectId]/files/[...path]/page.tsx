import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getProjectFile } from "@/db/queries/project-model";
import { lineAnchor, projectFileHref } from "@/lib/project/project-paths";
import { decodeSegment, openProject, paramText } from "../../../../_components/open-project";
import { ProjectFrame } from "../../../../_components/project-frame";
import styles from "../../../../_components/project.module.css";

/** The page title. */
export const metadata: Metadata = { title: "File" };

/** Props of the file page. */
type FilePageProps = {
  params: Promise<{ projectId: string; path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A positive line number from `?line=`, or undefined. */
function lineParameter(value: string | string[] | undefined): number | undefined {
  const text = paramText(value);
  if (!/^[1-9][0-9]{0,7}$/.test(text)) return undefined;
  return Number(text);
}

/** A file of the project (its stored excerpt), with `?line=` marked. Members only; anyone else gets a 404. */
export default async function ProjectFilePage({ params, searchParams }: FilePageProps) {
  const { projectId: rawProjectId, path: segments } = await params;
  const projectId = decodeSegment(rawProjectId);
  const line = lineParameter((await searchParams).line);
  const path = (Array.isArray(segments) ? segments : []).map(decodeSegment).join("/");
  const { actor, project } = await openProject(projectFileHref(projectId, path, line), projectId);
  const file = await getProjectFile({ projectId: project.id, path });
  if (!file) notFound();
  const lines = file.excerpt.split("\n");
  const first = file.excerptStartLine;
  const last = first + lines.length - 1;
  const lineShown = line !== undefined && line >= first && line <= last;
  return (
    <ProjectFrame actor={actor} project={project} section="File">
      <h1 className={styles.sha}>{file.path}</h1>
      <dl className={styles.meta}>
        <dt>Language</dt>
        <dd>{file.language}</dd>
        <dt>Lines</dt>
        <dd>{file.lineCount}</dd>
        <dt>Branch</dt>
        <dd>{project.defaultBranch}</dd>
      </dl>
      {line !== undefined && !lineShown ? (
        <p className="notice" role="note">
          {line > file.lineCount
            ? `The file has ${file.lineCount} lines; line ${line} does not exist.`
            : `Line ${line} is outside the stored excerpt (lines ${first}–${last}).`}
        </p>
      ) : null}
      <h2 className="visually-hidden">Lines {first} to {last}</h2>
      <pre className={styles.code} aria-label={`${file.path}, lines ${first} to ${last}`}>
        <code>
          {lines.map((text, index) => {
            const number = first + index;
            const current = number === line;
            return (
              <span key={number} id={lineAnchor(number)} className={styles.line} aria-current={current ? "true" : undefined} data-line={number}>
                <span className={styles.lineNumber} aria-hidden="true">
                  {number}
                </span>
                <span>{text === "" ? " " : text}</span>
                {"\n"}
              </span>
            );
          })}
        </code>
      </pre>
    </ProjectFrame>
  );
}
