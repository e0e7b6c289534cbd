import { defineConfig } from "drizzle-kit";

/** One schema (one file per feature), one migration set (drizzle/), applied at start by server/db/migrate.server.ts. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/*.server.ts",
  out: "./drizzle",
});
