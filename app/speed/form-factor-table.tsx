import type { ReactNode } from "react";
import { FORM_FACTORS, type FormFactor } from "../../server/speed/model.ts";
import { useT } from "../i18n/use-texts.ts";
import { SP } from "./text-ids.ts";

/** A column repeated under each form factor: its heading and the cell of a row on that form factor. */
export interface FormFactorColumn<R> {
  label: string;
  cell: (row: R, form: FormFactor) => ReactNode;
}

/**
 * The one mobile/desktop table of page speed (the recent tests, site speed by template): a row
 * heading, optional columns shared by both form factors, then the same columns under "Mobile" and
 * under "Desktop".
 */
export function FormFactorTable<R>({
  rows,
  rowKey,
  head,
  rowHead,
  shared = [],
  columns,
}: {
  rows: R[];
  rowKey: (row: R) => string | number;
  head: string;
  rowHead: (row: R) => ReactNode;
  shared?: { label: string; cell: (row: R) => ReactNode }[];
  columns: FormFactorColumn<R>[];
}) {
  const t = useT();
  const num = "px-2 text-right font-medium";
  return (
    <div className="card mt-3 overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-ink-500">
            <th scope="col" rowSpan={2} className="pr-2 text-left align-bottom font-medium">
              {head}
            </th>
            {shared.map((c) => (
              <th key={c.label} scope="col" rowSpan={2} className={`${num} align-bottom`}>
                {c.label}
              </th>
            ))}
            {FORM_FACTORS.map((f) => (
              <th
                key={f}
                scope="colgroup"
                colSpan={columns.length}
                className="border-l border-ink-100 px-2 text-center font-semibold text-ink-700"
              >
                {t(f === "mobile" ? SP.mobile : SP.desktop)}
              </th>
            ))}
          </tr>
          <tr className="text-ink-500">
            {FORM_FACTORS.flatMap((f) =>
              columns.map((c, i) => (
                <th key={`${f}-${c.label}`} scope="col" className={`${num} ${i === 0 ? "border-l border-ink-100" : ""}`}>
                  {c.label}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-t border-ink-100">
              <th scope="row" className="max-w-md truncate py-1.5 pr-2 text-left font-normal">
                {rowHead(r)}
              </th>
              {shared.map((c) => (
                <td key={c.label} className="px-2 text-right">
                  {c.cell(r)}
                </td>
              ))}
              {FORM_FACTORS.flatMap((f) =>
                columns.map((c, i) => (
                  <td key={`${f}-${c.label}`} className={`px-2 text-right whitespace-nowrap ${i === 0 ? "border-l border-ink-100" : ""}`}>
                    {c.cell(r, f)}
                  </td>
                )),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
