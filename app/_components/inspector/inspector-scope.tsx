"use client";

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { UiDiagnostic } from "@/lib/ui/envelope/schema";
import { EvaluatedDiagnostics } from "./evaluated-diagnostics";

const EvaluatedDiagnosticsContext = createContext<EvaluatedDiagnostics | null>(null);

const NOTHING_EVALUATED: ReadonlyMap<string, readonly UiDiagnostic[]> = new Map();

/** One reply's parts and its inspector: the blocks drawn inside report what evaluating them found. */
export function InspectorScope({ children }: { children: ReactNode }) {
  const [store] = useState(() => new EvaluatedDiagnostics());
  return <EvaluatedDiagnosticsContext.Provider value={store}>{children}</EvaluatedDiagnosticsContext.Provider>;
}

/** Reports a drawn block's diagnostics to the reply's inspector, when there is one; `diagnostics` undefined reports nothing (a block still arriving). */
export function useReportBlockDiagnostics(blockId: string | undefined, diagnostics: readonly UiDiagnostic[] | undefined): void {
  const store = useContext(EvaluatedDiagnosticsContext);
  useEffect(() => {
    if (store && blockId !== undefined && diagnostics !== undefined) store.report(blockId, diagnostics);
  }, [store, blockId, diagnostics]);
}

/** What the blocks of the enclosing scope reported (nothing outside a scope, and before they are drawn). */
export function useEvaluatedDiagnostics(): ReadonlyMap<string, readonly UiDiagnostic[]> {
  const store = useContext(EvaluatedDiagnosticsContext);
  return useSyncExternalStore(store?.subscribe ?? subscribeToNothing, store?.snapshot ?? nothingEvaluated, nothingEvaluated);
}

function subscribeToNothing(): () => void {
  return () => {};
}

function nothingEvaluated(): ReadonlyMap<string, readonly UiDiagnostic[]> {
  return NOTHING_EVALUATED;
}
