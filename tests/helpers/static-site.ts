import { createServer, type Server } from "node:http";
import path from "node:path";
import handler from "serve-handler";

/** Path of a real test website under ../shared/testdata/sites (read in place, never copied). */
export function testSitePath(name = "jena-apache-org"): string {
  return path.resolve(import.meta.dirname, "../../../shared/testdata/sites", name);
}

/** Serves a folder on an ephemeral loopback port (directory URLs serve index.html); returns its origin and a closer. */
export async function serveStatic(dir: string): Promise<{ origin: string; close: () => Promise<void>; server: Server }> {
  const server = createServer((req, res) => {
    // Like a plain static host: a directory URL serves its index.html; /x.html is served as is.
    const [pathname = "/", query] = (req.url ?? "/").split("?");
    if (pathname.endsWith("/")) req.url = `${pathname}index.html${query ? `?${query}` : ""}`;
    void handler(req, res, { public: dir, cleanUrls: false, directoryListing: false });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
