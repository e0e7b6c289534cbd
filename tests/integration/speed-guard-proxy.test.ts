import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGuardProxy } from "../../server/speed/guard-proxy.server.ts";

/** GET `url` through the proxy at `address` (absolute-form request, as Chromium sends it). */
function viaProxy(address: string, url: string): Promise<{ status: number; body: string }> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port: Number(port), method: "GET", path: url, headers: { host: new URL(url).host } }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Sends CONNECT host:port and returns the proxy's status line. */
function connect(address: string, target: string): Promise<string> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), host!, () => s.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    s.once("data", (d: Buffer) => {
      resolve(d.toString().split("\r\n")[0]!);
      s.destroy();
    });
    s.on("error", reject);
  });
}

describe("issue 12.1 page speed: the browser's requests go through the SSRF guard", () => {
  let target: http.Server;
  let origin: string;
  beforeAll(async () => {
    target = http.createServer((_req, res) => res.end("hello from loopback"));
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => target.close(() => r())));

  it("refuses loopback and private hosts (HTTP and CONNECT) under the strict policy and lists them", async () => {
    const proxy = await startGuardProxy({ allowPrivate: false });
    try {
      expect((await viaProxy(proxy.address, `${origin}/`)).status).toBe(403);
      expect(await connect(proxy.address, "10.0.0.1:443")).toBe("HTTP/1.1 403 Forbidden");
      expect(proxy.blocked.map((b) => b.host)).toEqual(["127.0.0.1", "10.0.0.1"]);
      expect(proxy.blocked[0]!.reason).toMatch(/not a public address/);
    } finally {
      await proxy.close();
    }
  });

  it("forwards to loopback when private networks are allowed (ALLOW_PRIVATE_NETWORKS), tunnels CONNECT", async () => {
    const proxy = await startGuardProxy({ allowPrivate: true });
    try {
      expect(await viaProxy(proxy.address, `${origin}/x`)).toEqual({ status: 200, body: "hello from loopback" });
      expect(await connect(proxy.address, origin.replace("http://", ""))).toBe("HTTP/1.1 200 Connection Established");
      expect(proxy.blocked).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
