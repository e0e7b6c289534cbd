import { z } from "zod";
import { addSiteWow } from "../project/add-site.server.ts";
import { checkSite } from "../project/check-site.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import { getProject } from "../project/get-project.server.ts";
import { createGroup, deleteGroup, listGroups, MAX_NAME_LENGTH, moveProject, renameGroup } from "../project/groups.server.ts";
import { listProjectCards } from "../project/list-projects.server.ts";
import { deleteProject, renameProject } from "../project/manage.server.ts";
import { checkVerification, getVerification } from "../project/verify-site.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const address = z.string().trim().max(2048);
/** Spec 3 tracking info: href, referrer, get, ref. */
const trackingSchema = z.object({
  href: z.string().max(2048).default(""),
  referrer: z.string().max(2048).default(""),
  get: z.string().max(2048).default(""),
  ref: z.string().max(128).default(""),
});

const idp = z.object({ idp: z.coerce.number().int().positive() });
const groupId = z.object({ groupId: z.coerce.number().int().positive() });
const name = z.string().trim().min(1).max(MAX_NAME_LENGTH);

/**
 * Routes under /api/pagespeed and /api/project (spec 7), the analysis status the project screen
 * polls, and the projects workspace (issue 8.5, 8.6): list, rename, move, delete, groups, verification.
 */
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
    access: owned("project", "idp", "read"),
    handle: async ({ c, input, services, owner }) => {
      c.header("cache-control", "no-store");
      return getProject({ services, owner: await owner(), projectId: input.idp });
    },
  }),
  route({
    method: "get",
    path: "/projects",
    tag: "projects",
    summary: "The caller's projects with health score, last audit, pages, errors, trend and group (?groupId=, 0: no group)",
    input: z.object({ groupId: z.coerce.number().int().min(0).optional() }),
    access: { kind: "self" },
    handle: async ({ input, services, owner }) => listProjectCards({ services, owner: await owner(), groupId: input.groupId }),
  }),
  route({
    method: "get",
    path: "/projects/groups",
    tag: "projects",
    summary: "The caller's project groups with their number of projects",
    access: { kind: "self" },
    handle: async ({ services, owner }) => listGroups({ services, owner: await owner() }),
  }),
  route({
    method: "post",
    path: "/projects/groups",
    tag: "projects",
    summary: "Creates a project group",
    input: z.object({ name }),
    access: { kind: "self" },
    status: 201,
    handle: async ({ input, services, owner }) => ({
      id: await createGroup({ services, owner: await owner({ ensure: true }), name: input.name }),
    }),
  }),
  route({
    method: "patch",
    path: "/projects/groups/:groupId{[0-9]+}",
    tag: "projects",
    summary: "Renames a project group",
    input: groupId.extend({ name }),
    access: owned("group", "groupId", "change"),
    handle: async ({ input, services, owner }) => {
      await renameGroup({ services, owner: await owner(), groupId: input.groupId, name: input.name });
      return { ok: true };
    },
  }),
  route({
    method: "delete",
    path: "/projects/groups/:groupId{[0-9]+}",
    tag: "projects",
    summary: "Deletes a project group; its projects stay, in no group",
    input: groupId,
    access: owned("group", "groupId", "delete"),
    handle: async ({ input, services, owner }) => {
      await deleteGroup({ services, owner: await owner(), groupId: input.groupId });
      return { ok: true };
    },
  }),
  route({
    method: "patch",
    path: "/projects/:idp{[0-9]+}",
    tag: "projects",
    summary: "Renames a project and/or moves it to a group (groupId 0: no group)",
    input: idp.extend({ name: name.optional(), groupId: z.coerce.number().int().min(0).optional() }),
    access: owned("project", "idp", "change"),
    handle: async ({ input, services, owner }) => {
      const o = await owner();
      if (input.name !== undefined) await renameProject({ services, owner: o, projectId: input.idp, name: input.name });
      if (input.groupId !== undefined) await moveProject({ services, owner: o, projectId: input.idp, groupId: input.groupId });
      return { ok: true };
    },
  }),
  route({
    method: "delete",
    path: "/projects/:idp{[0-9]+}",
    tag: "projects",
    summary: "Deletes a project with its audits, schedule, analyses and verification",
    input: idp,
    access: owned("project", "idp", "delete"),
    handle: async ({ input, services, owner }) => {
      await deleteProject({ services, owner: await owner(), projectId: input.idp });
      return { ok: true };
    },
  }),
  route({
    method: "get",
    path: "/projects/:idp{[0-9]+}/verification",
    tag: "projects",
    summary: "The site ownership verification of a project: token, instructions, state",
    input: idp,
    access: owned("project", "idp", "read"),
    handle: async ({ input, services, owner }) => getVerification({ services, owner: await owner(), projectId: input.idp }),
  }),
  route({
    method: "post",
    path: "/projects/:idp{[0-9]+}/verification",
    tag: "projects",
    summary: "Checks the meta tag, /.well-known/ file and DNS TXT record now and stores the result",
    input: idp,
    access: owned("project", "idp", "change"),
    handle: async ({ input, services, owner }) => checkVerification({ services, owner: await owner(), projectId: input.idp }),
  }),
];
