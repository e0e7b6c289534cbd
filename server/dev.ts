/** Development entry (`npm run dev`): Vite in middleware mode with HMR, the server loaded through Vite. */
import { createServer } from "vite";
import type * as AppModule from "./app.ts";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { createApp, listen } = (await vite.ssrLoadModule("./server/app.ts")) as typeof AppModule;
await listen(await createApp(process.env, { serveAssets: false }), vite.middlewares);
