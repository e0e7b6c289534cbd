import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../common/net/ip-ranges.ts";
import { request } from "undici";
import { SsrfError, closeGuardedAgents, createGuardedAgent, guardedFetch } from "../../server/net/ssrf.server.ts";

const HELLO = "<html><body>hello, guarded world</body></html>";
const BIG = "x".repeat(100_000);

let server: http.Server;
let base: string;

/** Loopback test server; each path is one scenario. */
function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://test");
  const redirect = (status: number, location: string) => {
    res.writeHead(status, { location });
    res.end();
  };
  switch (url.pathname) {
    case "/ok":
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "X-Custom": "Yes" });
      res.end(HELLO);
      return;
    case "/gzip":
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(zlib.gzipSync(HELLO));
      return;
    case "/br":
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" });
      res.end(zlib.brotliCompressSync(HELLO));
      return;
    case "/deflate-raw":
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" });
      res.end(zlib.deflateRawSync(HELLO));
      return;
    case "/deflate-zlib":
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" });
      res.end(zlib.deflateSync(HELLO));
      return;
    case "/big":
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(BIG);
      return;
    case "/big-gzip":
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      res.end(zlib.gzipSync(BIG));
      return;
    case "/slow":
      setTimeout(() => {
        res.writeHead(200);
        res.end("late");
      }, 3_000).unref();
      return;
    case "/chain-1":
      return redirect(301, "/chain-2");
    case "/chain-2":
      return redirect(302, `${base}/ok`);
    case "/loop":
      return redirect(302, "/loop");
    case "/to":
      return redirect(302, url.searchParams.get("target") ?? "/ok");
    default:
      res.writeHead(404);
      res.end("not found");
  }
}

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeGuardedAgents();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs a fetch that must fail and returns its SsrfError. */
async function failure(p: Promise<unknown>): Promise<SsrfError> {
  const err = await p.then(
    () => new Error("expected the fetch to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SsrfError);
  return err as SsrfError;
}

describe("spec 5 — SSRF guard: address policy", () => {
  it.each([
    ["8.8.8.8", false, true],
    ["2606:4700:4700::1111", false, true],
    ["127.0.0.1", false, false],
    ["127.0.0.1", true, true],
    ["::1", true, true],
    ["::ffff:7f00:1", true, true],
    ["::ffff:127.0.0.1", false, false],
    ["10.0.0.1", true, false],
    ["192.168.1.1", true, false],
    ["169.254.169.254", true, false],
    ["::ffff:192.168.0.1", true, false],
    ["fe80::1", true, false],
    ["fc00::1", false, false],
    ["100.64.0.1", false, false],
    ["0.0.0.0", true, false],
    ["64:ff9b::a00:1", false, false],
    ["::a00:1", false, false],
    ["garbage", true, false],
  ])("%s with allowPrivate=%s → allowed=%s", (address, allowPrivate, expected) => {
    expect(isPublicAddress(address, { allowLoopback: allowPrivate })).toBe(expected);
  });
});

describe("spec 5 — SSRF guard: loopback server", () => {
  it("refuses loopback without allowPrivate (IP literal and name)", async () => {
    expect((await failure(guardedFetch(`${base}/ok`))).code).toBe("blocked");
    const port = new URL(base).port;
    const byName = await failure(guardedFetch(`http://localhost:${port}/ok`));
    expect(byName.code).toBe("blocked");
    // Issue 9 finding 9: the refusal never tells what the name resolves to.
    expect(byName.message).not.toMatch(/127\.0\.0\.1|::1/);
    expect((await failure(guardedFetch(`http://[::1]:${port}/ok`))).code).toBe("blocked");
  });

  it("fetches loopback with allowPrivate, with lower-case headers and timings", async () => {
    const res = await guardedFetch(`${base}/ok`, { allowPrivate: true });
    expect(res.statusCode).toBe(200);
    expect(res.body.toString()).toBe(HELLO);
    expect(res.truncated).toBe(false);
    expect(res.headers["x-custom"]).toBe("Yes");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.redirects).toEqual([]);
    expect(res.timings.dnsMs).toBeNull(); // IP literal: no lookup
    expect(res.timings.totalMs).toBeGreaterThanOrEqual(res.timings.ttfbMs);
  });

  it("reports a connect time for a new connection and none for a reused one", async () => {
    await closeGuardedAgents();
    const first = await guardedFetch(`${base}/ok`, { allowPrivate: true });
    // undici returns the socket to the pool a moment after the body ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await guardedFetch(`${base}/ok`, { allowPrivate: true });
    expect(first.timings.connectMs).toBeGreaterThanOrEqual(0);
    expect(second.timings.connectMs).toBeNull();
  });

  it("measures DNS when a name is resolved", async () => {
    const port = new URL(base).port;
    const res = await guardedFetch(`http://localhost:${port}/ok`, { allowPrivate: true });
    expect(res.statusCode).toBe(200);
    expect(res.timings.dnsMs).toBeGreaterThanOrEqual(0);
  });

  it("records every redirect hop", async () => {
    const res = await guardedFetch(`${base}/chain-1`, { allowPrivate: true });
    expect(res.finalUrl).toBe(`${base}/ok`);
    expect(res.body.toString()).toBe(HELLO);
    expect(res.redirects).toEqual([
      { url: `${base}/chain-1`, statusCode: 301, location: `${base}/chain-2` },
      { url: `${base}/chain-2`, statusCode: 302, location: `${base}/ok` },
    ]);
  });

  it.each([
    "http://10.0.0.1/",
    "http://[::ffff:192.168.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00::1]/",
    "http://0.0.0.0/",
  ])("refuses a redirect to %s even with allowPrivate (only loopback is opened)", async (target) => {
    const err = await failure(guardedFetch(`${base}/to?target=${encodeURIComponent(target)}`, { allowPrivate: true }));
    expect(err.code).toBe("blocked");
    expect(err.url).toBe(new URL(target).href);
  });

  it("refuses a redirect to a non-http scheme", async () => {
    const err = await failure(guardedFetch(`${base}/to?target=${encodeURIComponent("file:///etc/passwd")}`, { allowPrivate: true }));
    expect(err.code).toBe("bad_scheme");
  });

  it("issue 9 SSRF suite: a guarded agent used on its own (rank webhook) refuses IP literals, which Node connects to without a lookup", async () => {
    const port = new URL(base).port;
    const agent = createGuardedAgent(false, 1);
    try {
      for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0"]) {
        const err = await request(`http://${host}:${port}/ok`, { dispatcher: agent, method: "POST", body: "x" }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, host).toBeInstanceOf(SsrfError);
        expect((err as SsrfError).code).toBe("blocked");
      }
    } finally {
      await agent.close();
    }
    const open = createGuardedAgent(true, 1);
    try {
      const res = await request(`${base}/ok`, { dispatcher: open });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    } finally {
      await open.close();
    }
  });

  it("refuses non-http URLs and malformed URLs", async () => {
    expect((await failure(guardedFetch("ftp://example.com/"))).code).toBe("bad_scheme");
    expect((await failure(guardedFetch("not a url"))).code).toBe("bad_scheme");
  });

  it("stops redirect loops", async () => {
    const err = await failure(guardedFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 5 }));
    expect(err.code).toBe("too_many_redirects");
  });

  it.each(["/gzip", "/br", "/deflate-raw", "/deflate-zlib"])("decodes the %s body", async (path) => {
    const res = await guardedFetch(`${base}${path}`, { allowPrivate: true });
    expect(res.body.toString()).toBe(HELLO);
    expect(res.truncated).toBe(false);
  });

  it("truncates at maxBytes (plain and gzip) and flags it", async () => {
    const plain = await guardedFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000 });
    expect(plain.body.length).toBe(1000);
    expect(plain.truncated).toBe(true);
    const gz = await guardedFetch(`${base}/big-gzip`, { allowPrivate: true, maxBytes: 5000 });
    expect(gz.body.length).toBe(5000);
    expect(gz.body.toString()).toBe(BIG.slice(0, 5000));
    expect(gz.truncated).toBe(true);
    const exact = await guardedFetch(`${base}/big`, { allowPrivate: true, maxBytes: BIG.length });
    expect(exact.truncated).toBe(false);
  });

  it("times out", async () => {
    const started = Date.now();
    const err = await failure(guardedFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 }));
    expect(err.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reports unresolvable names as dns errors", async () => {
    const err = await failure(guardedFetch("http://does-not-exist.invalid/"));
    expect(err.code).toBe("dns");
  });

  it("reports refused connections as network errors", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(guardedFetch(`http://127.0.0.1:${port}/`, { allowPrivate: true }));
    expect(err.code).toBe("network");
  });

  it("returns HTTP error statuses instead of throwing", async () => {
    const res = await guardedFetch(`${base}/missing`, { allowPrivate: true });
    expect(res.statusCode).toBe(404);
    expect(res.body.toString()).toBe("not found");
  });
});
