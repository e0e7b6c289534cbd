/** `npm start`: builds when the build is missing or stale, then runs the production server. */
import { ensureBuild } from "./ensure-build.ts";

ensureBuild();
await import("../server/main.ts");
