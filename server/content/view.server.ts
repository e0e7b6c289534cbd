import type { Services } from "../services.server.ts";
import { contentLibrary, type ContentLibrary } from "./documents.server.ts";
import { companyPlaceholders } from "./files.server.ts";

/** The rendered content library with this process's company details filled in. */
export function libraryOf(services: Services): ContentLibrary {
  return contentLibrary(companyPlaceholders(services.env));
}
