import { randomBytes } from "node:crypto";
import pg from "pg";
import { parseEnv } from "../../server/env.server.ts";
import { createServices, type Services } from "../../server/services.server.ts";

/** The databases the database tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * Starts real services on a fresh database: in-memory PGlite, or a new database created on the
 * TEST_DATABASE_URL server (dropped by `close`). Workers run in-process.
 */
export async function startTestServices(kind: "pglite" | "postgres", extraEnv: Record<string, string> = {}): Promise<Services> {
  let databaseUrl = "";
  let drop: (() => Promise<void>) | undefined;
  if (kind === "postgres") {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `rf_test_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Without FORCE: a client still closing (pg-boss's LISTEN connection ends just after stop)
    // must not be killed under the test; the drop is retried until the last one has gone.
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        for (let attempt = 0; attempt < 25; attempt++) {
          const dropped = await c.query(`DROP DATABASE IF EXISTS ${name}`).then(
            () => true,
            () => false,
          );
          if (dropped) return;
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await c.end();
      }
    };
  }
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    ALLOW_PRIVATE_NETWORKS: "1",
    // In-process requests have no socket: the helpers' clients name their address in X-Forwarded-For.
    TRUST_PROXY: "1",
    ...extraEnv,
  });
  const services = await createServices(env, { role: "web" });
  const close = services.close;
  services.close = async () => {
    await close();
    await drop?.();
  };
  return services;
}
