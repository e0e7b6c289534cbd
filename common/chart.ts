/**
 * What a rendered chart is: the SVG, a one-sentence text alternative and the data as a table, so
 * no figure is shown only as a picture (WCAG 1.1.1) and the same data prints in PDFs and exports.
 * Plain data: loaders send it to the browser, which shows it with app/components/chart.tsx.
 */
export interface RenderedChart {
  /** Standalone SVG markup (no scripts), `width`×`height` CSS pixels with a viewBox. */
  svg: string;
  /** The chart's message in one sentence, e.g. "Health score 82 of 100". */
  alt: string;
  /** The data shown, as a small table: column headings and rows. */
  table: { head: string[]; rows: (string | number)[][] };
  width: number;
  height: number;
}
