import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let cached: string | undefined;

/**
 * Absolute path of the repository root (the folder whose package.json is named "rankforge").
 * Works from source (tsx/node) and from the bundled build/server/index.js alike.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = import.meta.dirname;
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "rankforge") {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("rankforge package.json not found above " + import.meta.dirname);
    dir = parent;
  }
}
