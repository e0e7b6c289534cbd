import { describe, expect, it } from "vitest";
import { barChart, donut, gauge, lineChart, sparkline } from "../../server/charts/render.server.ts";
import { chartPng } from "../../server/charts/png.server.ts";

describe("issue 11.2 server-side charts (ECharts SVG)", () => {
  const trend = () =>
    lineChart({
      categories: ["2026-11-01", "2026-11-08", "2026-11-15"],
      series: [{ name: "Health score", values: [61, null, 74] }],
      alt: "Health score rose from 61 to 74",
      categoryLabel: "Date",
    });

  it("renders standalone SVG without scripts, identical for identical data", () => {
    const a = trend();
    expect(a.svg.startsWith("<svg")).toBe(true);
    expect(a.svg).not.toMatch(/<script|on\w+=/i);
    expect(trend().svg).toBe(a.svg);
  });

  it("carries the data as a table, a gap shown as a dash", () => {
    expect(trend().table).toEqual({
      head: ["Date", "Health score"],
      rows: [
        ["2026-11-01", "61"],
        ["2026-11-08", "—"],
        ["2026-11-15", "74"],
      ],
    });
  });

  it("a gauge clamps its score to 0–100 and prints it", () => {
    const g = gauge({ value: 130, label: "Site health", alt: "Site health 100 of 100" });
    expect(g.table.rows).toEqual([["100 / 100"]]);
    expect(g.svg).toContain(">100<");
    expect(gauge({ value: -4, label: "Site health", alt: "" }).table.rows).toEqual([["0 / 100"]]);
  });

  it("bars print their values; donuts list every slice, empty ones too", () => {
    const b = barChart({ categories: ["2xx", "4xx"], series: [{ name: "URLs", values: [240, 12] }], alt: "", categoryLabel: "Status" });
    expect(b.svg).toContain(">240<");
    expect(b.table.rows).toEqual([
      ["2xx", "240"],
      ["4xx", "12"],
    ]);
    const d = donut({
      slices: [
        { name: "Errors", value: 3 },
        { name: "Notices", value: 0 },
      ],
      alt: "",
      categoryLabel: "Severity",
      valueLabel: "Checks",
    });
    expect(d.table.rows).toEqual([
      ["Errors", 3],
      ["Notices", 0],
    ]);
  });

  it("a sparkline and its PNG for e-mails", () => {
    const s = sparkline({ values: [50, 60, 70], labels: ["a", "b", "c"], alt: "rising", valueLabel: "Score" });
    expect(s.width).toBe(120);
    const png = chartPng(s);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(240);
  });
});
