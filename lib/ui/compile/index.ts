/** Compilation of UI blocks: a reply's fences, one block, and the incremental compiler. */
export { compileUi } from "./compile-ui";
export { compileUiBlock } from "./compile-block";
export { UiCompiler } from "./compiler";
export { warmUpUiCompiler, UI_WARM_UP_MS } from "./warm-up";
export type { UiCompileCatalog, UiCompileOptions, UiCompilerOptions, UiCompileUpdate, UiQuerySchemas } from "./options";
