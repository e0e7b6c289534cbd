import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { closePdfBrowser, printPdf } from "../../server/pdf/print.server.ts";

describe("issue 11.2 PDF: a page's own HTML printed in Chromium", () => {
  afterAll(closePdfBrowser);

  it("prints a PDF and refuses every network request of the page", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end("x");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const pdf = await printPdf({
        html: `<!doctype html><html><body><h1>Audit report</h1><img src="http://127.0.0.1:${port}/logo.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/a.css"></body></html>`,
      });
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.length).toBeGreaterThan(500);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  }, 60_000);
});
