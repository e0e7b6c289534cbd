import { z } from "zod";
import { addSiteWow } from "../project/add-site.server.ts";
import { checkSite } from "../project/check-site.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import { getProject } from "../project/get-project.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

const address = z.string().trim().max(2048);
/** Spec 3 tracking info: href, referrer, get, ref. */
const trackingSchema = z.object({
  href: z.string().max(2048).default(""),
  referrer: z.string().max(2048).default(""),
  get: z.string().max(2048).default(""),
  ref: z.string().max(128).default(""),
});

/** Routes under /api/pagespeed and /api/project (spec 7), plus the analysis status the project screen polls. */
export const projectRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/pagespeed/filter_url",
    tag: "project",
    summary: "Spec 7 filter_url: the filtered URL and domain_before of a typed site address",
    input: z.object({ url: address }),
    access: { kind: "public" },
    handle: ({ input, services }) => filterUrl(input.url, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS }),
  }),
  route({
    method: "post",
    path: "/project/check_site",
    tag: "project",
    summary: "Spec 7 check_site: whether the site answers and is not banned",
    input: z.object({ domain: address, pagelink: address.optional() }),
    access: { kind: "public" },
    handle: ({ input, services }) => checkSite(services, input),
  }),
  route({
    method: "post",
    path: "/project/add_site_wow",
    tag: "project",
    summary: "Spec 7 add_site_wow: add the site as a project of the caller and analyse its home page",
    input: z.object({ page: address, tracking: trackingSchema.optional() }),
    access: { kind: "self" },
    handle: async ({ input, services, owner }) =>
      addSiteWow({ services, owner: await owner({ ensure: true }), page: input.page, tracking: input.tracking }),
  }),
  route({
    method: "get",
    path: "/project/status",
    tag: "project",
    summary: "A project with the progress or result of its latest home-page analysis",
    input: z.object({ idp: z.coerce.number().int().positive() }),
    access: { kind: "resource", resource: "project", field: "idp", action: "read" },
    handle: async ({ c, input, services, owner }) => {
      c.header("cache-control", "no-store");
      return getProject({ services, owner: await owner(), projectId: input.idp });
    },
  }),
];
