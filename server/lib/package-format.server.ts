/**
 * Module format of package files without re-reading package.json (issue 14.1, decision 0022).
 *
 * Node 24's ESM resolver tells the format of every `.js` file it resolves from the nearest
 * package.json, and deserializes that whole file again for each one: importing drizzle-orm (a
 * 179 KB package.json, ~100 files) costs ~2 s and ~150 MB of garbage parsed into V8's old space,
 * which lifts the peak RSS of every process that loads the database layer by ~190 MB. This
 * resolve hook answers relative `.js`/`.mjs`/`.cjs` imports between files of an installed package
 * (under node_modules) itself, reading each package.json's "type" once; every other specifier goes
 * to Node's resolver unchanged.
 */
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** "type" of the nearest package.json of a directory, by directory (null: none up to the root, or unreadable). */
const typeOfDir = new Map<string, string | null>();

/** The "type" field of the package.json nearest to `dir` ("" when absent), read once per directory. */
function packageType(dir: string): string | null {
  const known = typeOfDir.get(dir);
  if (known !== undefined) return known;
  let type: string | null;
  try {
    const json = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { type?: unknown };
    type = typeof json.type === "string" ? json.type : "";
  } catch (err) {
    const parent = path.dirname(dir);
    type = (err as NodeJS.ErrnoException).code === "ENOENT" && parent !== dir ? packageType(parent) : null;
  }
  typeOfDir.set(dir, type);
  return type;
}

/**
 * The format of a resolved file URL inside node_modules, or null when Node should decide: not a
 * package file, another extension, or a `.js` file of a package that is not `"type": "module"`
 * (Node then also looks at the syntax, which this hook does not).
 */
export function packageFileFormat(url: string): "module" | "commonjs" | null {
  if (!url.startsWith("file:") || !url.includes("/node_modules/")) return null;
  if (url.endsWith(".mjs")) return "module";
  if (url.endsWith(".cjs")) return "commonjs";
  if (!url.endsWith(".js")) return null;
  return packageType(path.dirname(fileURLToPath(url))) === "module" ? "module" : null;
}

let installed = false;

/**
 * Installs the hook in this thread (once; later calls do nothing). Call it before the first
 * import of a large package, i.e. before a dynamic import() of the modules that load it.
 */
export function installPackageFormatHook(): void {
  if (installed) return;
  installed = true;
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL;
      if (parent?.startsWith("file:") && parent.includes("/node_modules/") && (specifier.startsWith("./") || specifier.startsWith("../"))) {
        const url = new URL(specifier, parent).href;
        const format = packageFileFormat(url);
        if (format) return { url, format, shortCircuit: true };
      }
      return next(specifier, context);
    },
  });
}
