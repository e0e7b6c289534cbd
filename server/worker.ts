/**
 * `npm run worker`: job workers only, no HTTP. Needs DATABASE_URL (a PostgreSQL server): the
 * embedded PGlite database belongs to one process. Stops gracefully on SIGTERM.
 */
import { prepareWorkerProcess } from "./lib/worker-process.server.ts";

// Before the database layer loads (issue 14.1, decision 0022).
prepareWorkerProcess();
const [{ parseEnv }, { createServices }] = await Promise.all([import("./env.server.ts"), import("./services.server.ts")]);

const env = parseEnv(process.env);
if (!env.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL: the embedded database is used by the web process's in-process worker.");
  process.exit(2);
}
const services = await createServices(env, { role: "worker" });
const stop = async () => {
  await services.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
