/**
 * JSON-LD reading for the structured-data checks: parse every block, list the schema.org types
 * and the top-level entities (a block's object(s) and its `@graph` items). Rich-result
 * requirements are judged in rich-results.server.ts.
 */

/** A top-level JSON-LD entity and its type names (last path segment: "https://schema.org/Article" → "Article"). */
export interface JsonLdEntity {
  types: string[];
  node: Record<string, unknown>;
  /** The entity (or its block's top object) declares a schema.org `@context`. */
  schemaContext: boolean;
}

/** Result of {@link readJsonLd}. */
export interface JsonLdResult {
  /** Every @type found anywhere, de-duplicated, in order. */
  types: string[];
  entities: JsonLdEntity[];
  /** One message per block that is not valid JSON. */
  errors: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Normalises a type IRI or compact IRI to its local name. */
export const typeName = (t: string): string =>
  t
    .trim()
    .replace(/[/#]+$/, "")
    .split(/[/#:]/)
    .pop() ?? t;

function typesOf(node: Record<string, unknown>): string[] {
  const t = node["@type"];
  const list = Array.isArray(t) ? t : t === undefined ? [] : [t];
  return list.filter((x): x is string => typeof x === "string").map(typeName);
}

function collectTypes(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(value)) for (const v of value) collectTypes(v, into, depth + 1);
  else if (isObject(value)) {
    for (const t of typesOf(value)) into.add(t);
    for (const [k, v] of Object.entries(value)) if (k !== "@type") collectTypes(v, into, depth + 1);
  }
}

/** True when `@context` names schema.org (as a string, in an array, or as `@vocab`). */
const hasSchemaContext = (node: Record<string, unknown>): boolean => /schema\.org/i.test(JSON.stringify(node["@context"] ?? ""));

/** Removes the wrappers some CMSs put around JSON-LD (HTML comments, CDATA). */
function unwrap(source: string): string {
  return source
    .trim()
    .replace(/^<!--/, "")
    .replace(/-->$/, "")
    .replace(/^\s*(?:\/\/)?\s*<!\[CDATA\[/, "")
    .replace(/(?:\/\/)?\s*\]\]>\s*$/, "")
    .trim();
}

/** Parses JSON-LD script contents. Never throws: invalid blocks are reported in `errors`. */
export function readJsonLd(blocks: readonly string[]): JsonLdResult {
  const types = new Set<string>();
  const entities: JsonLdEntity[] = [];
  const errors: string[] = [];
  blocks.forEach((block, i) => {
    let data: unknown;
    try {
      data = JSON.parse(unwrap(block));
    } catch (err) {
      errors.push(`block ${i + 1}: ${(err as Error).message}`);
      return;
    }
    collectTypes(data, types);
    const tops = Array.isArray(data) ? data : [data];
    for (const top of tops) {
      if (!isObject(top)) continue;
      const graph = top["@graph"];
      const nodes = Array.isArray(graph) ? graph.filter(isObject) : [top];
      const topContext = hasSchemaContext(top);
      for (const node of nodes) entities.push({ types: typesOf(node), node, schemaContext: topContext || hasSchemaContext(node) });
    }
  });
  return { types: [...types], entities, errors };
}
