import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into db/migrations from the
// schema; the migrations are committed and run on first use (db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  strict: true,
  verbose: true,
});
