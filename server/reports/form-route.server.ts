/**
 * What the loaders and actions of the report, delivery and white-label forms share (issue 11
 * points 3, 5, 6): the `{pid}` route parameter, the choices of their selects, and a 404 for an
 * id the owner does not hold.
 */
import { data } from "react-router";
import type { Owner } from "../access/owner.server.ts";
import { AppError } from "../errors.server.ts";
import { listProjects } from "../project/get-project.server.ts";
import type { Services } from "../services.server.ts";
import { listWhiteLabels } from "./white-label.server.ts";

/** The `{pid}` route parameter: undefined on a "new" route, 0 when it is not a positive integer (no owner holds id 0). */
export function pidParam(params: { pid?: string | undefined }): number | undefined {
  if (params.pid === undefined) return undefined;
  const n = Number(params.pid);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** Runs a read of an owned item; an AppError (not found, not the owner's) becomes a 404 response. */
export async function loadOr404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw data(null, { status: 404 });
    throw err;
  }
}

/** The owner's projects and white-label profiles, as the forms' selects list them. */
export async function formChoices(o: { services: Services; owner: Owner }) {
  const [projects, whiteLabels] = await Promise.all([
    listProjects({ services: o.services, owner: o.owner }),
    listWhiteLabels({ db: o.services.db, owner: o.owner }),
  ]);
  return {
    projects: projects.map((p) => ({ id: p.id, domain: p.domain })),
    whiteLabels: whiteLabels.map((w) => ({ id: w.id, company: w.company })),
  };
}
