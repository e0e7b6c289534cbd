/**
 * The SSRF guard for the browser (issue 12 "Pages run through the SSRF guard like every other user
 * URL"): Chromium under Lighthouse is started with this loopback forward proxy as its only route
 * out (`--proxy-server`, loopback not bypassed). Every request, the page's and every sub-request's,
 * reaches a host only after {@link vetHost} has resolved and vetted it, and the socket connects to
 * the vetted address (no second DNS lookup). Plain HTTP is forwarded; HTTPS (and WebSockets) come
 * as CONNECT tunnels. Refused hosts get 403, unreachable ones 502; both are listed in `blocked`.
 */
import http from "node:http";
import net from "node:net";
import { SsrfError, vetHost } from "../net/ssrf.server.ts";

/** A running guard proxy. */
export interface GuardProxy {
  /** "127.0.0.1:port", for Chromium's --proxy-server. */
  address: string;
  /** Hosts refused or unreachable so far (deduplicated), with the reason. */
  blocked: { host: string; reason: string }[];
  close(): Promise<void>;
}

/** Chromium flags that send all traffic, loopback included, through the proxy at `address`. */
export function proxyFlags(address: string): string[] {
  return [`--proxy-server=http://${address}`, "--proxy-bypass-list=<-loopback>", "--disable-quic"];
}

/** Starts the proxy on an ephemeral loopback port. `allowPrivate` opens loopback as ALLOW_PRIVATE_NETWORKS does. */
export async function startGuardProxy(opts: { allowPrivate: boolean }): Promise<GuardProxy> {
  const blocked: GuardProxy["blocked"] = [];
  const sockets = new Set<net.Socket>();
  const refuse = (host: string, err: unknown) => {
    const reason = err instanceof SsrfError || err instanceof Error ? err.message : String(err);
    if (!blocked.some((b) => b.host === host)) blocked.push({ host, reason });
  };

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== "http:") {
      res.writeHead(400).end();
      return;
    }
    vetHost(target.hostname, opts.allowPrivate).then(
      ([addr]) => {
        const headers = { ...req.headers };
        delete headers["proxy-connection"];
        delete headers["proxy-authorization"];
        const upstream = http.request(
          {
            host: addr!.address,
            family: addr!.family,
            port: Number(target.port || 80),
            method: req.method,
            path: target.pathname + target.search,
            headers,
            setHost: false,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.rawHeaders);
            up.pipe(res);
          },
        );
        upstream.on("error", (err) => {
          refuse(target.hostname, new Error(`Could not connect to ${target.host}: ${err.message}`));
          if (res.headersSent) res.destroy();
          else res.writeHead(502, { "content-type": "text/plain" }).end(err.message);
        });
        req.pipe(upstream);
      },
      (err: unknown) => {
        refuse(target.hostname, err);
        res.writeHead(403, { "content-type": "text/plain" }).end("Blocked by the SSRF guard");
      },
    );
  });

  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? "");
    if (!m) {
      client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
      return;
    }
    const [, host, port] = m as unknown as [string, string, string];
    vetHost(host, opts.allowPrivate).then(
      ([addr]) => {
        const upstream = net.connect({ host: addr!.address, port: Number(port), family: addr!.family }, () => {
          client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        upstream.on("error", (err) => {
          refuse(host, new Error(`Could not connect to ${host}:${port}: ${err.message}`));
          if (client.writable) client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
        });
        client.on("close", () => upstream.destroy());
      },
      (err: unknown) => {
        refuse(host, err);
        client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      },
    );
  });
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    blocked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
