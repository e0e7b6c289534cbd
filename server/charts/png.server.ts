import { Resvg } from "@resvg/resvg-js";
import type { RenderedChart } from "../../common/chart.ts";

/**
 * A chart as PNG (for e-mails, where inline SVG is not shown), rasterised with resvg at `scale`
 * times its CSS size (2 for sharp text on high-density screens).
 */
export function chartPng(chart: RenderedChart, scale = 2): Buffer {
  const png = new Resvg(chart.svg, {
    fitTo: { mode: "zoom", value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
