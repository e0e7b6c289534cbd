/**
 * Local stand-ins for FastSpring and Stripe (issue 13 tests) speaking their documented protocols
 * (research/payments.md): FastSpring Classic instant links, JSON webhooks `{events:[…]}` signed
 * with X-FS-Signature (base64 HMAC-SHA256 of the body) and DELETE /subscriptions/{id} with Basic
 * auth; Stripe POST /v1/checkout/sessions and /v1/subscriptions/{id} (form-encoded, Bearer key) and
 * events signed with Stripe-Signature `t=…,v1=hex(HMAC(t.body))`. Webhooks are delivered over HTTP.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received. */
export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

async function listen(
  handler: (s: Seen) => { status: number; json?: unknown; text?: string },
  port: number,
): Promise<{ server: Server; seen: Seen[]; base: string }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const s: Seen = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body };
      seen.push(s);
      const out = handler(s);
      res.writeHead(out.status, { "content-type": out.json !== undefined ? "application/json" : "text/plain" });
      res.end(out.json !== undefined ? JSON.stringify(out.json) : (out.text ?? ""));
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { server, seen, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** POSTs a webhook body with headers to `url`; returns status and text. */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: res.status, text: await res.text() };
}

/** A FastSpring store and API on loopback. */
export async function fakeFastspring(port: number, secret: string, apiUser: string, apiPassword: string) {
  const auth = `Basic ${Buffer.from(`${apiUser}:${apiPassword}`).toString("base64")}`;
  const { server, seen, base } = await listen((s) => {
    if (s.path.startsWith("/rankforge/instant/")) return { status: 200, text: "FastSpring checkout" };
    if (s.path.startsWith("/subscriptions")) {
      if (s.headers.authorization !== auth || !s.headers["user-agent"]) return { status: 401, json: { error: "auth" } };
      return {
        status: 200,
        json: { subscriptions: [{ subscription: s.path.split("/")[2], action: "subscription.cancel", result: "success" }] },
      };
    }
    return { status: 404, text: "not found" };
  }, port);
  return {
    server,
    seen,
    /** Store base as configured in FASTSPRING_CHECKOUT_URL. */
    store: `${base}/rankforge`,
    api: base,
    /** A signed webhook body and headers for `events`. */
    sign(events: unknown[]): { body: string; headers: Record<string, string> } {
      const body = JSON.stringify({ events });
      return { body, headers: { "X-FS-Signature": createHmac("sha256", secret).update(body).digest("base64") } };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A Stripe API on loopback. */
export async function fakeStripe(port: number, secretKey: string, webhookSecret: string) {
  let n = 0;
  const { server, seen, base } = await listen((s) => {
    if (s.headers.authorization !== `Bearer ${secretKey}`) return { status: 401, json: { error: { type: "invalid_request_error" } } };
    if (s.method === "POST" && s.path === "/v1/checkout/sessions") {
      const id = `cs_test_${++n}`;
      return { status: 200, json: { id, object: "checkout.session", url: `${base}/pay/${id}` } };
    }
    if (s.method === "POST" && s.path.startsWith("/v1/subscriptions/")) {
      const form = new URLSearchParams(s.body);
      return {
        status: 200,
        json: { id: s.path.split("/")[3], object: "subscription", cancel_at_period_end: form.get("cancel_at_period_end") === "true" },
      };
    }
    return { status: 404, json: { error: { type: "invalid_request_error" } } };
  }, port);
  return {
    server,
    seen,
    api: base,
    /** A signed Stripe event at unix time `t` (seconds). */
    sign(event: unknown, t = Math.floor(Date.now() / 1000)): { body: string; headers: Record<string, string> } {
      const body = JSON.stringify(event);
      const v1 = createHmac("sha256", webhookSecret).update(`${t}.${body}`).digest("hex");
      return { body, headers: { "Stripe-Signature": `t=${t},v1=${v1}` } };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
