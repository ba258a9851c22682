/**
 * Made-up query sources for the gallery, so blocks that read `@Query` show
 * rows: the `tests` and `jobs` sources the examples use, `releases` and
 * `ownership` for the date and grouping helpers, `nodes` in the project
 * source's row shape for `Graph`, with fixed demo data (no
 * user data; the real sources live with the project model).
 */
import { z } from "zod";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord, UiValue } from "@/lib/ui/expression";
import type { UiState } from "@/lib/ui/state";

/** The query sources the examples read, with their argument schemas. */
export const GALLERY_QUERY_SCHEMAS = {
  tests: z.object({ branch: z.string() }),
  jobs: z.object({ state: z.enum(["waiting", "running"]) }),
  releases: z.object({ limit: z.number().int().min(1).max(20).optional() }),
  ownership: z.object({ branch: z.string() }),
  nodes: z.object({ ref: z.string().optional() }),
};

/** The attachment `Image generated="latest"` resolves to in the gallery. */
export const GALLERY_LATEST_ATTACHMENT = "att_latest_demo";

/** Demo rows by query source. */
export const GALLERY_QUERY_DATA: Readonly<Record<keyof typeof GALLERY_QUERY_SCHEMAS, UiValue>> = {
  tests: [
    { name: "billing › rounds invoice totals", ms: 1204, failed: true },
    { name: "search › ranks exact matches first", ms: 73, failed: false },
    { name: "auth › refreshes an expired session", ms: 388, failed: false },
    { name: "checkout › applies a coupon once", ms: 2310, failed: true },
    { name: "profile › saves the avatar", ms: 142, failed: false },
    { name: "orders › lists by customer", ms: 95, failed: false },
  ],
  jobs: [
    { id: "job-7f3a", age: 412 },
    { id: "job-1c9e", age: 38 },
    { id: "job-88b0", age: 1290 },
    { id: "job-42dd", age: 7 },
  ],
  // Newest first; dates as the project's sources write them (a day, or a UTC timestamp).
  releases: [
    { tag: "v2.4.0", date: "2025-03-03T16:20:00Z", owner: "ana" },
    { tag: "v2.3.1", date: "2025-02-18", owner: "bo" },
    { tag: "v2.3.0", date: "2025-02-10T09:05:00Z", owner: "ana" },
    { tag: "v2.2.0", date: "2025-01-27", owner: "cy" },
  ],
  ownership: [
    { test: "billing › rounds invoice totals", owner: "ana", failed: true },
    { test: "search › ranks exact matches first", owner: "bo", failed: false },
    { test: "auth › refreshes an expired session", owner: "ana", failed: false },
    { test: "checkout › applies a coupon once", owner: "ana", failed: true },
    { test: "profile › saves the avatar", owner: "cy", failed: true },
    { test: "orders › lists by customer", owner: "bo", failed: false },
  ],
  // One node's neighbourhood, as the project's `nodes` source returns it (lib/project/query-sources.ts).
  nodes: [
    { ref: "service:billing-api", kind: "service", title: "billing-api", direction: "self", edge: "" },
    { ref: "db:ledger", kind: "database", title: "ledger", direction: "outgoing", edge: "writes" },
    { ref: "queue:invoices", kind: "queue", title: "invoices", direction: "outgoing", edge: "publishes" },
    { ref: "service:checkout-web", kind: "web", title: "checkout-web", direction: "incoming", edge: "calls" },
    { ref: "job:nightly-close", kind: "job", title: "nightly-close", direction: "incoming", edge: "calls" },
  ],
};

/** The demo data of each query a block declares, by declared name. */
export function galleryQueryValues(block: UiBlock): UiRecord {
  const values: UiRecord = {};
  for (const declaration of block.declarations) {
    if (declaration.kind !== "query" || declaration.source === undefined) continue;
    if (!Object.hasOwn(GALLERY_QUERY_DATA, declaration.source)) continue;
    values[declaration.name] = GALLERY_QUERY_DATA[declaration.source as keyof typeof GALLERY_QUERY_DATA];
  }
  return values;
}

/** Supplies the demo data of a block's queries to its state, as a host does after authorizing them. */
export function supplyGalleryQueries(state: UiState, block: UiBlock): void {
  for (const [name, value] of Object.entries(galleryQueryValues(block))) {
    try {
      state.setQuery(name, value, block);
    } catch {
      // A query still streaming (or replaced) takes its data on a later compile.
    }
  }
}
