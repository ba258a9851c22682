/** Throttled previews of a reply being generated. */
export { UiStream, UI_STREAM_INTERVAL_MS, type UiStreamClock, type UiStreamOptions, type UiStreamPreview } from "./stream";
