/** Production entry (`npm run serve`, and `npm start` after a build): runs the built server bundle. */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as AppModule from "./app.ts";

const bundle = pathToFileURL(path.resolve(import.meta.dirname, "../build/server/index.js")).href;
const { createApp, listen } = (await import(bundle)) as typeof AppModule & typeof import("./listen.server.ts");
await listen(await createApp(process.env));
