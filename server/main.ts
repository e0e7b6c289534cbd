/**
 * Production entry (`npm run serve`, and `npm start` after a build). Replaces itself by the built
 * JavaScript entry build/server/main.js (vite.config.ts), run with malloc's memory setting: the
 * server never loads Node's TypeScript stripper and gives the WebAssembly compiler's scratch memory
 * back (issue 14 point 3, decision 0017). Where a process cannot replace itself, runs the built
 * server bundle here.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import type * as AppModule from "./app.ts";
import { execWithMallocSettings } from "./lib/process-memory.server.ts";

const built = path.resolve(import.meta.dirname, "../build/server");
execWithMallocSettings([path.join(built, "main.js")]);
// V8 gives heap pages back after a collection instead of keeping them (what main.js sets too).
v8.setFlagsFromString("--optimize-for-size");
const { createApp, listen } = (await import(pathToFileURL(path.join(built, "index.js")).href)) as typeof AppModule &
  typeof import("./listen.server.ts");
await listen(await createApp(process.env));
