/** Scoring a `quiz` in the browser, the moment the user picks. */
import type { GenuiFieldValues } from "../schema/condition";
import type { GenuiOption, GenuiQuizNode } from "../schema/nodes";
import { genuiFieldValue } from "./field-value";

/** A quiz's state: unanswered, or the pick, whether it is right, the right option and the explanation. */
export type GenuiQuizScore =
  | { answered: false }
  | { answered: true; correct: boolean; answer: GenuiOption; correctOption: GenuiOption; explanation?: string };

/** Scores a quiz against the touched `fields`; a value that is none of its options counts as unanswered. */
export function scoreQuiz(quiz: GenuiQuizNode, fields: GenuiFieldValues): GenuiQuizScore {
  const value = genuiFieldValue(fields, quiz.field);
  const answer = quiz.options.find((option) => option.value === value);
  const correctOption = quiz.options.find((option) => option.value === quiz.correct);
  if (answer === undefined || correctOption === undefined) return { answered: false };
  const score: GenuiQuizScore = { answered: true, correct: answer.value === quiz.correct, answer, correctOption };
  if (quiz.explanation !== undefined) score.explanation = quiz.explanation;
  return score;
}
