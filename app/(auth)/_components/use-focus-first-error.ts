"use client";

import { useEffect, type RefObject } from "react";

/** After a failed submit, moves focus to the first invalid field so keyboard and screen-reader users land on it. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, result: unknown): void {
  useEffect(() => {
    if (!result) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [form, result]);
}
