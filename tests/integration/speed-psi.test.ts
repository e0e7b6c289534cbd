import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFieldData } from "../../server/speed/psi.server.ts";

/** A local server speaking the PageSpeed Insights v5 protocol (research notes §5): one scenario per `url`. */
const requests: URL[] = [];
function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const q = new URL(req.url ?? "/", "http://psi");
  requests.push(q);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const target = q.searchParams.get("url");
  if (q.pathname !== "/pagespeedonline/v5/runPagespeed") return json(404, {});
  if (target === "https://www.example.com/") {
    return json(200, {
      kind: "pagespeedonline#result",
      id: target,
      loadingExperience: {
        id: target,
        metrics: {
          LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2900, category: "AVERAGE" },
          CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 5, category: "FAST" },
          INTERACTION_TO_NEXT_PAINT: { percentile: 180, category: "FAST" },
        },
      },
      originLoadingExperience: {
        id: "https://www.example.com",
        origin_fallback: false,
        metrics: { LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2300, category: "FAST" }, CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 14 } },
      },
      lighthouseResult: { categories: {} },
    });
  }
  if (target === "https://quiet.example.com/") {
    return json(200, { kind: "pagespeedonline#result", loadingExperience: { id: target, initial_url: target }, lighthouseResult: {} });
  }
  json(400, {
    error: {
      code: 400,
      message: "Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested.",
      errors: [{ domain: "lighthouse", reason: "lighthouseUserError" }],
    },
  });
}

describe("issue 12.1 /page-speed field data: PageSpeed Insights client against a local PSI server", () => {
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer(handle);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagespeedonline/v5/runPagespeed`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("reads p75 LCP, INP and CLS for the URL and the origin, CLS being the percentile divided by 100", async () => {
    const data = await fetchFieldData({ url: "https://www.example.com/", key: "k-123", endpoint });
    expect(data).toEqual({
      url: { lcpMs: 2900, inpMs: 180, cls: 0.05, originFallback: false },
      origin: { lcpMs: 2300, inpMs: null, cls: 0.14, originFallback: false },
    });
    const sent = requests.at(-1)!;
    expect(sent.searchParams.get("key")).toBe("k-123");
    expect(sent.searchParams.get("strategy")).toBe("mobile");
    expect(sent.searchParams.getAll("category")).toEqual(["performance"]);
  });

  it("a URL without CrUX data gives no field data, not an error", async () => {
    expect(await fetchFieldData({ url: "https://quiet.example.com/", key: "k", endpoint })).toEqual({ url: null, origin: null });
  });

  it("an error envelope becomes an error with the API's message", async () => {
    await expect(fetchFieldData({ url: "https://down.example.com/", key: "k", endpoint })).rejects.toThrow(/FAILED_DOCUMENT_REQUEST/);
  });
});
