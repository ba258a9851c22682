import { describe, expect, test } from "vitest";
import type { GenuiQuizNode } from "../schema/nodes";
import { scoreQuiz } from "./score-quiz";

const quiz: GenuiQuizNode = {
  type: "quiz",
  field: "capital",
  question: "Capital of France?",
  options: [
    { label: "Paris", value: "paris" },
    { label: "Lyon", value: "lyon" },
  ],
  correct: "paris",
  explanation: "Paris has been the capital since 987.",
};

describe("scoreQuiz", () => {
  test("unanswered until the user picks", () => {
    expect(scoreQuiz(quiz, {})).toEqual({ answered: false });
    expect(scoreQuiz(quiz, { capital: "rome" })).toEqual({ answered: false });
  });
  test("scored the moment the user picks, with the right option and the explanation", () => {
    expect(scoreQuiz(quiz, { capital: "paris" })).toEqual({ answered: true, correct: true, answer: quiz.options[0], correctOption: quiz.options[0], explanation: quiz.explanation });
    expect(scoreQuiz(quiz, { capital: "lyon" })).toMatchObject({ answered: true, correct: false, correctOption: quiz.options[0] });
  });
});
