import { writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";

/**
 * Writes a .br and a .gz next to every text asset of the browser build (issue 14 point 3), which
 * serveStatic({ precompressed: true }) answers as they are: a hashed asset costs a file read, not a
 * compression per request.
 */
function precompress(): Plugin {
  return {
    name: "rankforge:precompress",
    applyToEnvironment: (env) => env.name === "client",
    writeBundle(options, bundle) {
      for (const [name, chunk] of Object.entries(bundle)) {
        if (!/\.(?:js|css|svg|json|txt)$/.test(name) || name.startsWith(".vite/")) continue;
        const data = Buffer.from(chunk.type === "chunk" ? chunk.code : chunk.source);
        if (data.length < 1024) continue;
        const file = path.join(options.dir!, name);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The islands entry of marketing pages (decision 0017) and the module that stands in for React Router there. */
const ISLANDS_ENTRY = path.resolve("app/islands/entry.client.tsx");
const ROUTER_SHIM = path.resolve("app/islands/router-shim.tsx");
const ISLANDS_MODULE = "virtual:rankforge/islands";

/**
 * Builds app/islands/entry.client.tsx as a browser bundle of its own (build/client/assets/islands),
 * right after the client build, with "react-router" replaced by app/islands/router-shim.tsx: a
 * shared chunk with React Router's entry would carry the whole router. The server gets the file
 * names through `virtual:rankforge/islands`: `{ src, imports }` (URL paths of the entry and of the
 * chunks it imports statically, for modulepreload). In `vite dev` (and in the client bundle) the
 * module is `null`: pages then hydrate as React Router routes.
 */
function islands(): Plugin {
  let built: { src: string; imports: string[] } | null = null;
  return {
    name: "rankforge:islands",
    resolveId: (id) => (id === ISLANDS_MODULE ? `\0${ISLANDS_MODULE}` : undefined),
    load(id) {
      if (id !== `\0${ISLANDS_MODULE}`) return undefined;
      const value = this.environment.name === "ssr" && this.environment.mode === "build" ? built : null;
      return `export default ${JSON.stringify(value)};`;
    },
    async writeBundle(options) {
      if (this.environment.name !== "client" || this.environment.mode !== "build") return;
      const result = await build({
        configFile: false,
        logLevel: "error",
        resolve: { alias: [{ find: /^react-router$/, replacement: ROUTER_SHIM }] },
        plugins: [precompress()],
        build: {
          outDir: options.dir,
          emptyOutDir: false,
          copyPublicDir: false,
          rollupOptions: {
            input: { islands: ISLANDS_ENTRY },
            output: {
              entryFileNames: "assets/islands/[name]-[hash].js",
              chunkFileNames: "assets/islands/[name]-[hash].js",
              assetFileNames: "assets/islands/[name]-[hash][extname]",
            },
          },
        },
      });
      const chunks = (Array.isArray(result) ? result : [result])
        .flatMap((r) => ("output" in r ? r.output : []))
        .filter((c) => c.type === "chunk");
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error("islands build: no entry chunk");
      const imports = new Set<string>();
      const visit = (file: string) => {
        for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) {
          if (imports.has(dep)) continue;
          imports.add(dep);
          visit(dep);
        }
      };
      visit(entry.fileName);
      built = { src: `/${entry.fileName}`, imports: [...imports].map((f) => `/${f}`) };
    },
  };
}

/**
 * Writes build/server/main.js, the production process's entry (server/main.ts replaces itself by it):
 * plain JavaScript, so the running server never loads Node's TypeScript stripper, whose compiler
 * stays resident (≈ 18 MB) once one .ts file is run (issue 14 point 3, decision 0017).
 */
function serverEntry(): Plugin {
  return {
    name: "rankforge:server-entry",
    applyToEnvironment: (env) => env.name === "ssr",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "main.js",
        source: [
          "// Written by vite.config.ts (serverEntry): started by server/main.ts.",
          'import v8 from "node:v8";',
          'v8.setFlagsFromString("--optimize-for-size");',
          'const { createApp, listen } = await import("./index.js");',
          "await listen(await createApp(process.env));",
          "",
        ].join("\n"),
      });
    },
  };
}

/** `new Worker(new URL("./name.server.ts", import.meta.url)`: a worker thread started from a server module. */
const WORKER_URL = /new Worker\(new URL\("(\.\/[\w./-]+\.server\.ts)", import\.meta\.url\)/g;
/** Stands for the path from a chunk to a worker chunk until the chunk's own file name is known. */
const WORKER_PLACEHOLDER = /"__rankforge_worker__:([\w-]+\.js)"/g;

/**
 * Worker threads in the server bundle: each script a server module starts with
 * `new Worker(new URL("./x.server.ts", import.meta.url))` becomes a chunk of its own, build/server/x.js,
 * and the URL points at it from wherever the calling module lands (server/crawler/extract-pool.server.ts),
 * so the built server never reaches for a .ts file that the build does not contain.
 */
function workerThreads(): Plugin {
  return {
    name: "rankforge:worker-threads",
    apply: "build",
    applyToEnvironment: (env) => env.name === "ssr",
    transform(code, id) {
      if (!code.includes("new Worker(new URL(")) return undefined;
      const out = code.replace(WORKER_URL, (_all, rel: string) => {
        const fileName = `${path.basename(rel, ".server.ts")}.js`;
        this.emitFile({ type: "chunk", id: path.resolve(path.dirname(id), rel), fileName });
        return `new Worker(new URL("__rankforge_worker__:${fileName}", import.meta.url)`;
      });
      return out === code ? undefined : { code: out, map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes("__rankforge_worker__:")) return undefined;
      const from = path.posix.dirname(chunk.fileName);
      return code.replace(WORKER_PLACEHOLDER, (_all, fileName: string) => {
        const rel = path.posix.relative(from, fileName);
        return JSON.stringify(rel.startsWith(".") ? rel : `./${rel}`);
      });
    },
  };
}

/**
 * One Vite build for the browser bundle and the server bundle. The SSR entry is server/app.ts,
 * so the Hono API and the route loaders share one copy of every server module (database, job
 * queue) in production: see docs/decisions/0002-one-process.md.
 */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands(), precompress(), serverEntry(), workerThreads()],
  environments: {
    ssr: { build: { target: "node24", rollupOptions: { input: "./server/app.ts" } } },
  },
});
