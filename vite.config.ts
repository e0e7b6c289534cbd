import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * One Vite build for the browser bundle and the server bundle. The SSR entry is server/app.ts,
 * so the Hono API and the route loaders share one copy of every server module (database, job
 * queue) in production: see docs/decisions/0002-one-process.md.
 */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: { build: { target: "node24", rollupOptions: { input: "./server/app.ts" } } },
  },
});
