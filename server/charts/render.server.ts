/**
 * Server-side charts (issue 11 point 2, used by every tool): ECharts renders SVG without a DOM
 * (`ssr: true`), so pages, PDFs and — as PNG — e-mails show the same picture, and the browser needs
 * no charting JavaScript. Each function returns a {@link RenderedChart}: SVG, text alternative and
 * data table. Animation is off and sizes are fixed, so identical data gives identical SVG.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type * as Echarts from "echarts";
import type { RenderedChart } from "../../common/chart.ts";
import { CHART_COLORS, LINE_DASHES, LINE_SYMBOLS, scoreColor } from "./palette.ts";

type Option = Echarts.EChartsCoreOption;

let lib: typeof Echarts | undefined;
/** ECharts, loaded on the first chart: ~85 MB of memory a process that draws none should not hold (issue 14). */
const echarts = () => (lib ??= createRequire(import.meta.url)("echarts") as typeof Echarts);

const FONT = { fontFamily: "Inter, system-ui, sans-serif", fontSize: 12, color: CHART_COLORS.muted };

/**
 * Renders an option to standalone SVG. ECharts names the SVG's classes and ids with process-wide
 * counters; they are renumbered in order of appearance under a hash of the option, so identical
 * data gives identical SVG and two different charts inlined in one page never share a name.
 */
function render(option: Option, width: number, height: number): string {
  const chart = echarts().init(null, null, { renderer: "svg", ssr: true, width, height });
  chart.setOption({ animation: false, textStyle: FONT, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  const id = createHash("sha1")
    .update(JSON.stringify([option, width, height]))
    .digest("hex")
    .slice(0, 8);
  const seen = new Map<string, string>();
  const counts = new Map<string, number>();
  return svg.replace(/\bzr\d+-([a-z]+-?)\d+\b/g, (token: string, kind: string) => {
    let name = seen.get(token);
    if (!name) {
      const n = counts.get(kind) ?? 0;
      counts.set(kind, n + 1);
      seen.set(token, (name = `zr${id}-${kind}${n}`));
    }
    return name;
  });
}

const axisLine = { lineStyle: { color: CHART_COLORS.grid } };
const splitLine = { lineStyle: { color: CHART_COLORS.grid } };

/** One line of a {@link lineChart}: a value per category, null where there is none. */
export interface LineSeries {
  name: string;
  values: (number | null)[];
  color?: string;
}

/** Options of {@link lineChart}. */
export interface LineChartOptions {
  /** X-axis labels (e.g. dates as yyyy-mm-dd), one per value. */
  categories: string[];
  series: LineSeries[];
  alt: string;
  /** Heading of the table's first column (e.g. "Date"). */
  categoryLabel: string;
  width?: number;
  height?: number;
  /** Axis bounds; `inverse` puts small values on top (search positions: 1 is best). */
  yMin?: number;
  yMax?: number;
  inverse?: boolean;
  /** Appended to axis labels, e.g. " ms" or " %". */
  unit?: string;
  /** Fill the area under a single series. */
  area?: boolean;
}

/** A line chart of one or more series over categories (trends: health score, positions, metrics). */
export function lineChart(o: LineChartOptions): RenderedChart {
  const width = o.width ?? 640;
  const height = o.height ?? 260;
  const unit = o.unit ?? "";
  const svg = render(
    {
      color: o.series.map((s, i) => s.color ?? CHART_COLORS.series[i % CHART_COLORS.series.length]!),
      grid: { left: 48, right: 16, top: o.series.length > 1 ? 36 : 16, bottom: 32, containLabel: false },
      // The server measures label widths with an estimate narrower than the browser's font: a wider gap keeps labels apart.
      legend: o.series.length > 1 ? { top: 0, textStyle: FONT, icon: "roundRect", itemGap: 28 } : undefined,
      xAxis: { type: "category", data: o.categories, axisLine, axisTick: { show: false }, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: "value",
        min: o.yMin,
        max: o.yMax,
        inverse: o.inverse ?? false,
        splitLine,
        axisLabel: { formatter: `{value}${unit}` },
      },
      series: o.series.map((s, i) => ({
        type: "line",
        name: s.name,
        data: s.values,
        connectNulls: false,
        symbol: LINE_SYMBOLS[i % LINE_SYMBOLS.length],
        symbolSize: 6,
        showSymbol: s.values.length <= 60,
        lineStyle: { width: 2, type: LINE_DASHES[i % LINE_DASHES.length] },
        areaStyle: o.area && o.series.length === 1 ? { opacity: 0.12 } : undefined,
      })),
    },
    width,
    height,
  );
  return {
    svg,
    alt: o.alt,
    width,
    height,
    table: {
      head: [o.categoryLabel, ...o.series.map((s) => s.name)],
      rows: o.categories.map((c, i) => [
        c,
        ...o.series.map((s) => (s.values[i] === null || s.values[i] === undefined ? "—" : `${s.values[i]}${unit}`)),
      ]),
    },
  };
}

/** One series of a {@link barChart}. */
export interface BarSeries {
  name: string;
  values: number[];
  color?: string;
  /** One colour per bar instead of one per series (e.g. status-code classes). */
  colors?: string[];
}

/** Options of {@link barChart}. */
export interface BarChartOptions {
  categories: string[];
  series: BarSeries[];
  alt: string;
  categoryLabel: string;
  width?: number;
  height?: number;
  /** Bars grow to the right, categories listed top to bottom (long labels). */
  horizontal?: boolean;
  stacked?: boolean;
  unit?: string;
}

/** A bar chart (distributions: issues by category, status codes, crawl depth, ranking buckets). Values are printed on the bars. */
export function barChart(o: BarChartOptions): RenderedChart {
  const width = o.width ?? 640;
  const height = o.height ?? Math.max(200, o.horizontal ? 28 * o.categories.length + 48 : 260);
  const unit = o.unit ?? "";
  const categoryAxis = { type: "category", data: o.categories, axisLine, axisTick: { show: false }, inverse: !!o.horizontal };
  const valueAxis = { type: "value", splitLine, axisLabel: { formatter: `{value}${unit}` } };
  const longest = Math.max(0, ...o.categories.map((c) => c.length));
  const svg = render(
    {
      color: o.series.map((s, i) => s.color ?? CHART_COLORS.series[i % CHART_COLORS.series.length]!),
      legend: o.series.length > 1 ? { top: 0, textStyle: FONT } : undefined,
      // Room above the tallest bar for its value label.
      grid: { left: o.horizontal ? Math.min(220, 12 + longest * 7) : 48, right: 40, top: o.series.length > 1 ? 36 : 24, bottom: 32 },
      xAxis: o.horizontal ? valueAxis : categoryAxis,
      yAxis: o.horizontal ? categoryAxis : valueAxis,
      series: o.series.map((s) => ({
        type: "bar",
        name: s.name,
        stack: o.stacked ? "total" : undefined,
        barMaxWidth: 36,
        label: { show: !o.stacked, position: o.horizontal ? "right" : "top", color: CHART_COLORS.ink, formatter: `{c}${unit}` },
        data: s.values.map((v, i) => (s.colors?.[i] ? { value: v, itemStyle: { color: s.colors[i] } } : v)),
      })),
    },
    width,
    height,
  );
  return {
    svg,
    alt: o.alt,
    width,
    height,
    table: {
      head: [o.categoryLabel, ...o.series.map((s) => s.name)],
      rows: o.categories.map((c, i) => [c, ...o.series.map((s) => `${s.values[i] ?? 0}${unit}`)]),
    },
  };
}

/** Options of {@link gauge}. */
export interface GaugeOptions {
  /** 0–100. */
  value: number;
  /** Printed under the number, e.g. "Site health". */
  label: string;
  alt: string;
  size?: number;
}

/** A 0–100 score as a ring with the number in the middle, coloured by the score thresholds. */
export function gauge(o: GaugeOptions): RenderedChart {
  const size = o.size ?? 180;
  const value = Math.max(0, Math.min(100, Math.round(o.value)));
  const svg = render(
    {
      series: [
        {
          type: "gauge",
          startAngle: 90,
          endAngle: -270,
          min: 0,
          max: 100,
          radius: "92%",
          pointer: { show: false },
          progress: { show: true, roundCap: true, width: size / 12, itemStyle: { color: scoreColor(value) } },
          axisLine: { lineStyle: { width: size / 12, color: [[1, CHART_COLORS.grid]] } },
          splitLine: { show: false },
          axisTick: { show: false },
          axisLabel: { show: false },
          title: { show: true, offsetCenter: [0, "32%"], fontSize: Math.round(size / 14), color: CHART_COLORS.muted },
          detail: {
            valueAnimation: false,
            offsetCenter: [0, "-4%"],
            fontSize: Math.round(size / 4.5),
            fontWeight: 700,
            color: CHART_COLORS.ink,
            formatter: "{value}",
          },
          data: [{ value, name: o.label }],
        },
      ],
    },
    size,
    size,
  );
  return { svg, alt: o.alt, width: size, height: size, table: { head: [o.label], rows: [[`${value} / 100`]] } };
}

/** One slice of a {@link donut}. */
export interface Slice {
  name: string;
  value: number;
  color?: string;
}

/** A share-of-whole ring with labelled slices (each label names the slice and its count). */
export function donut(o: { slices: Slice[]; alt: string; categoryLabel: string; valueLabel: string; size?: number }): RenderedChart {
  const size = o.size ?? 220;
  const data = o.slices.filter((s) => s.value > 0);
  const svg = render(
    {
      series: [
        {
          type: "pie",
          radius: ["48%", "72%"],
          avoidLabelOverlap: true,
          label: { formatter: "{b}: {c}", color: CHART_COLORS.ink, fontSize: 11 },
          data: data.map((s, i) => ({
            name: s.name,
            value: s.value,
            itemStyle: { color: s.color ?? CHART_COLORS.series[i % CHART_COLORS.series.length] },
          })),
        },
      ],
    },
    size * 1.8,
    size,
  );
  return {
    svg,
    alt: o.alt,
    width: size * 1.8,
    height: size,
    table: { head: [o.categoryLabel, o.valueLabel], rows: o.slices.map((s) => [s.name, s.value]) },
  };
}

/** A small trend line without axes, for lists (a project's health score over its last audits). */
export function sparkline(o: {
  values: number[];
  labels: string[];
  alt: string;
  valueLabel: string;
  width?: number;
  height?: number;
}): RenderedChart {
  const width = o.width ?? 120;
  const height = o.height ?? 32;
  const last = o.values.at(-1);
  const svg = render(
    {
      grid: { left: 2, right: 2, top: 2, bottom: 2 },
      xAxis: { type: "category", show: false, data: o.labels, boundaryGap: false },
      yAxis: { type: "value", show: false, scale: true },
      series: [
        {
          type: "line",
          data: o.values,
          symbol: "none",
          lineStyle: { width: 2, color: last === undefined ? CHART_COLORS.muted : scoreColor(last) },
          areaStyle: { opacity: 0.1, color: last === undefined ? CHART_COLORS.muted : scoreColor(last) },
        },
      ],
    },
    width,
    height,
  );
  return { svg, alt: o.alt, width, height, table: { head: ["", o.valueLabel], rows: o.labels.map((l, i) => [l, o.values[i] ?? "—"]) } };
}
