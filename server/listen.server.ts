import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { RankforgeApp } from "./app.ts";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Listens on HOST:PORT and shuts down gracefully on SIGTERM/SIGINT: stops accepting, lets
 * requests finish, stops the job queue (jobs in flight are retried after restart), closes the DB.
 * `before` runs first (Vite's dev middlewares).
 */
export function listen({ app, services }: RankforgeApp, before?: Middleware): Promise<void> {
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => (before ? before(req, res, () => void listener(req, res)) : void listener(req, res)));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, "shutting down");
    server.close();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
    await services.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return new Promise((resolve) =>
    server.listen(services.env.PORT, services.env.HOST, () => {
      services.log.info({ url: `http://localhost:${services.env.PORT}` }, "Rankforge listening");
      resolve();
    }),
  );
}
