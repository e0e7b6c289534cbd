import { z } from "zod";
import { AppError, errorText } from "../errors.server.ts";
import { CONTENT_TYPE } from "../reports/build.server.ts";
import { deleteReport } from "../reports/definitions.server.ts";
import { deleteDelivery } from "../reports/delivery.server.ts";
import { closeFile, downloadStatus, fileContent, generateReport } from "../reports/files.server.ts";
import { verifyLink } from "../reports/link.server.ts";
import { deleteWhiteLabel } from "../reports/white-label.server.ts";
import type { Services } from "../services.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const tag = "reports";
const id = z.coerce.number().int().positive();
const byId = z.object({ id });
/** `idrg` of download_status: one id, a comma-separated list or an array; absent: the owner's open items. */
const idList = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : String(v).split(",")),
  z.array(id).max(100).optional(),
);
const linkInput = z.object({ link: z.string().max(200) });

function fileOfLink(services: Services, link: string): number {
  const fileId = verifyLink(services.cookieSecret, link);
  if (fileId === null) throw new AppError("not_found", errorText(58119), "link");
  return fileId;
}

async function contentOfLink(services: Services, link: string) {
  const file = await fileContent(services.db, fileOfLink(services, link));
  if (!file) throw new AppError("not_found", errorText(58120), "link");
  return file;
}

/**
 * Report calls of spec 7 (issue 11): delete_report, delete_white_label, delete_delivery,
 * download_status, close_report, download/report{link} (POST: check, GET: the file), plus generate
 * (a new file of a report definition). The signed link is the download's credential, so an
 * e-mailed link works signed out until it expires.
 */
export const reportRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/reports/delete_report",
    tag,
    summary: "Delete a report and its files",
    input: byId,
    access: owned("report", "id", "delete"),
    handle: async ({ input, services, owner }) => {
      await deleteReport({ db: services.db, owner: await owner(), id: input.id });
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/reports/delete_white_label",
    tag,
    summary: "Delete a white-label profile",
    input: byId,
    access: owned("whiteLabel", "id", "delete"),
    handle: async ({ input, services, owner }) => {
      await deleteWhiteLabel({ db: services.db, owner: await owner(), id: input.id });
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/reports/delete_delivery",
    tag,
    summary: "Delete a scheduled delivery",
    input: byId,
    access: owned("delivery", "id", "delete"),
    handle: async ({ input, services, owner }) => {
      await deleteDelivery({ services, owner: await owner(), id: input.id });
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/reports/generate",
    tag,
    summary: "Make a new file of a report; answers the item id to follow with download_status",
    input: byId,
    access: owned("report", "id", "read"),
    status: 201,
    handle: async ({ input, services, owner }) => ({
      result: true,
      idrg: await generateReport({ services, owner: await owner(), reportId: input.id }),
    }),
  }),
  route({
    method: "post",
    path: "/reports/download_status",
    tag,
    summary: "Status of report files (spec 3 items); idrg: item ids, or none for your open items",
    input: z.object({ idrg: idList }),
    access: { kind: "self" },
    handle: async ({ c, input, services, owner }) => {
      c.header("cache-control", "no-store");
      return { result: true, items: await downloadStatus({ services, owner: await owner(), ids: input.idrg }) };
    },
  }),
  route({
    method: "post",
    path: "/reports/close_report",
    tag,
    summary: "Close (hide) a report file item: st 3",
    input: z.object({ idrg: id }),
    access: owned("reportFile", "idrg", "change"),
    handle: async ({ input, services, owner }) => {
      await closeFile({ db: services.db, owner: await owner(), id: input.idrg });
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/download/report/:link",
    tag,
    summary: "Check a signed report download link: file name and size",
    input: linkInput,
    access: { kind: "public" },
    handle: async ({ input, services }) => {
      const file = await contentOfLink(services, `/${input.link}`);
      return { result: true, filename: file.filename, size: file.content.length, url: `/api/download/report/${input.link}` };
    },
  }),
  route({
    method: "get",
    path: "/download/report/:link",
    tag,
    summary: "Download a report file through its signed link",
    input: linkInput,
    access: { kind: "public" },
    produces: "application/octet-stream",
    handle: async ({ c, input, services }) => {
      const file = await contentOfLink(services, `/${input.link}`);
      return c.body(new Uint8Array(file.content), 200, {
        "content-type": CONTENT_TYPE[file.format],
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      });
    },
  }),
];
