import { Outlet } from "react-router";
import type { Route } from "./+types/tools";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";
import { ToolLayout } from "../tools/tool-layout.tsx";

/** The projects of the requester for the switcher, and the project the URL names (?idp=, spec 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const projects = await listProjects({ services, owner });
  const idp = Number(new URL(request.url).searchParams.get("idp"));
  return { projects: projects.map((p) => ({ id: p.id, domain: p.domain })), idp: projects.some((p) => p.id === idp) ? idp : null };
}

/** Layout of the logged-in tool screens: page-sidebar beside the screen (app/tools/tool-layout.tsx). */
export default function ToolsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ToolLayout projects={loaderData.projects} idp={loaderData.idp}>
      <Outlet />
    </ToolLayout>
  );
}
