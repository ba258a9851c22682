"use client";
/** `quiz`: a question scored in the browser the moment the user picks. */
import { scoreQuiz, type GenuiQuizNode } from "@/lib/genui";
import styles from "../genui.module.css";
import { useGenuiPanel } from "../panel-context";
import { RadioGroup } from "./field-controls";

/**
 * The question's options as radio buttons. Picking one scores it with
 * `scoreQuiz` and locks the question (a second try after seeing the answer
 * would score nothing); the result is said in words — "Correct" or "Not
 * quite" with the right answer — and the explanation follows. The result
 * sits in a live region so a screen reader hears it.
 */
export function QuizNode({ node, path }: { node: GenuiQuizNode; path: string }) {
  const { state, setField, elementId } = useGenuiPanel();
  const score = scoreQuiz(node, state.fields);
  return (
    <div className={styles.quiz}>
      <RadioGroup
        legend={node.question}
        name={elementId(path, "quiz")}
        options={node.options}
        value={score.answered ? score.answer.value : undefined}
        disabled={score.answered}
        onPick={(value) => setField(node.field, value)}
        mark={(value) => {
          if (!score.answered) return undefined;
          if (value === score.correctOption.value) return { attribute: "correct", suffix: <span className={styles.optionMark}>✓ right answer</span> };
          if (value === score.answer.value) return { attribute: "wrong", suffix: <span className={styles.optionMark}>✗ your answer</span> };
          return undefined;
        }}
      >
        <div role="status" aria-live="polite">
          {score.answered ? (
            <p className={styles.quizResult} data-correct={score.correct}>
              <strong>{score.correct ? "Correct." : `Not quite — the answer is ${score.correctOption.label}.`}</strong>
              {score.explanation !== undefined ? ` ${score.explanation}` : null}
            </p>
          ) : null}
        </div>
      </RadioGroup>
    </div>
  );
}
