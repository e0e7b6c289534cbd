/**
 * Site ownership verification (issue 8.6, spec 2 /addproject/{vald}): the owner publishes a random
 * token by any one of three methods and asks for a check; the verified state is stored.
 * - meta: `<meta name="rankforge-site-verification" content="TOKEN">` on the project's home page;
 * - file: `/.well-known/rankforge-verification.txt` on the site's origin, containing the token;
 * - dns: a TXT record `rankforge-site-verification=TOKEN` on the project's host name.
 * Both HTTP fetches go through the SSRF guard.
 */
import { randomBytes } from "node:crypto";
import { resolveTxt } from "node:dns/promises";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { projects, projectVerifications, type VerificationMethod } from "../db/schema.server.ts";
import { guardedFetch } from "../net/ssrf.server.ts";
import type { Services } from "../services.server.ts";

/** Name of the meta tag. */
export const META_NAME = "rankforge-site-verification";
/** Path of the verification file. */
export const FILE_PATH = "/.well-known/rankforge-verification.txt";
/** Prefix of the TXT record value. */
export const TXT_PREFIX = `${META_NAME}=`;

/** The re-check button's form. */
export const verifyFormSchema = z.object({ intent: z.literal("check") });

/** A project's verification as the screen shows it. Dates are ISO strings. */
export interface VerificationView {
  projectId: number;
  domain: string;
  url: string;
  token: string;
  method: VerificationMethod | null;
  verifiedAt: string | null;
  checkedAt: string | null;
  /** Why each method failed at the last check, e.g. { meta: "tag not found" }. */
  failures: Partial<Record<VerificationMethod, string>>;
  /** What to publish for each method. */
  instructions: { meta: string; fileUrl: string; dnsName: string; dnsValue: string };
}

/** Looks up TXT records of a host name (node:dns by default; tests give their own). */
export type TxtResolver = (host: string) => Promise<string[][]>;

interface VerifyOptions {
  services: Services;
  owner: Owner;
  projectId: number;
}

/**
 * The project's verification, created with a fresh token on first view.
 * @throws AppError "not_found" (field "vald") for a project the owner may not read.
 */
export async function getVerification({ services, owner, projectId }: VerifyOptions): Promise<VerificationView> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "read", field: "vald" });
  await services.db
    .insert(projectVerifications)
    .values({ projectId, token: randomBytes(18).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await services.db
    .select({ v: projectVerifications, domain: projects.domain, url: projects.url })
    .from(projectVerifications)
    .innerJoin(projects, eq(projects.id, projectVerifications.projectId))
    .where(eq(projectVerifications.projectId, projectId));
  const { v, domain, url } = row!;
  return {
    projectId,
    domain,
    url,
    token: v.token,
    method: v.method,
    verifiedAt: v.verifiedAt?.toISOString() ?? null,
    checkedAt: v.checkedAt?.toISOString() ?? null,
    failures: v.lastResult ? (JSON.parse(v.lastResult) as Partial<Record<VerificationMethod, string>>) : {},
    instructions: {
      meta: `<meta name="${META_NAME}" content="${v.token}">`,
      fileUrl: new URL(FILE_PATH, url).href,
      dnsName: new URL(url).hostname,
      dnsValue: `${TXT_PREFIX}${v.token}`,
    },
  };
}

/** The content attributes of every `<meta name="rankforge-site-verification">` in an HTML text. */
function metaTokens(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map(
      [...tag.matchAll(/([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => [m[1]!.toLowerCase(), m[3] ?? m[4] ?? m[5] ?? ""]),
    );
    if (attrs.get("name")?.toLowerCase() === META_NAME) out.push((attrs.get("content") ?? "").trim());
  }
  return out;
}

/**
 * Checks the three methods in order (meta, file, dns) and stores the outcome: the first that
 * shows the token verifies the project; otherwise the reason of each is kept. A project stays
 * verified once it was (a later failing check only updates the reasons).
 * @throws AppError "not_found" (field "vald") for a project the owner may not change.
 */
export async function checkVerification(opts: VerifyOptions & { resolveTxt?: TxtResolver }): Promise<VerificationView> {
  const { services, owner, projectId } = opts;
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "change", field: "vald" });
  const view = await getVerification(opts);
  const allowPrivate = services.env.ALLOW_PRIVATE_NETWORKS;
  const failures: Partial<Record<VerificationMethod, string>> = {};
  const attempts: [VerificationMethod, () => Promise<string | null>][] = [
    [
      "meta",
      async () => {
        const res = await guardedFetch(view.url, { allowPrivate, timeoutMs: 10_000, maxBytes: 512 * 1024 });
        return metaTokens(res.body.toString("utf8")).includes(view.token)
          ? null
          : `the tag was not found on ${res.finalUrl} (HTTP ${res.statusCode})`;
      },
    ],
    [
      "file",
      async () => {
        const res = await guardedFetch(view.instructions.fileUrl, { allowPrivate, timeoutMs: 10_000, maxBytes: 4096 });
        if (res.statusCode !== 200) return `${view.instructions.fileUrl} answered HTTP ${res.statusCode}`;
        return res.body.toString("utf8").trim() === view.token ? null : "the file does not contain the token";
      },
    ],
    [
      "dns",
      async () => {
        const records = await (opts.resolveTxt ?? resolveTxt)(view.instructions.dnsName);
        return records.some((chunks) => chunks.join("").trim() === view.instructions.dnsValue) ? null : "no matching TXT record";
      },
    ],
  ];
  let method: VerificationMethod | null = null;
  for (const [name, attempt] of attempts) {
    const failure = await attempt().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    if (failure === null) {
      method = name;
      break;
    }
    failures[name] = failure;
  }
  const now = new Date();
  await services.db
    .update(projectVerifications)
    .set(method ? { method, verifiedAt: now, checkedAt: now, lastResult: null } : { checkedAt: now, lastResult: JSON.stringify(failures) })
    .where(eq(projectVerifications.projectId, projectId));
  return getVerification(opts);
}
