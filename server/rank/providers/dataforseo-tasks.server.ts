/**
 * DataForSEO's queued flow (issue 10 point 3; research §2 "Endpoints"): checks are posted as tasks
 * (POST /v3/serp/{engine}/organic/task_post, up to 100 tasks a call, each tagged with our own id),
 * finished tasks are listed by polling GET …/tasks_ready (at most 20 calls a minute, hence one poll
 * every `pollMs`), and each finished task of ours is fetched once with GET
 * …/task_get/advanced/{id}. A task asks for the whole depth at once with `stop_crawl_on_match` on
 * our domain, so DataForSEO stops at the page where we rank, as the live flow does page by page.
 * Post and fetch calls go through the provider's rate limiter; tasks_ready has its own spacing.
 */
import type { Transport } from "../check-keyword.server.ts";
import type { RateLimiter } from "../rate-limit.server.ts";
import { dataForSeoHeaders, dataForSeoKind, dataForSeoPage, dataForSeoTask } from "./dataforseo.server.ts";
import { arr, kindOfStatus, obj, retryAfterMs, type PageResult, type ProviderConfig, type ProviderError, type SerpQuery } from "./types.ts";

/** Tasks one task_post call takes at most (research §2 "Limits"). */
export const TASKS_PER_POST = 100;

/**
 * The result object of a finished task (`tasks[0].result[0]`) or the error of its task, with the
 * calls made for it: its share of task_post counted as one, plus its task_get calls.
 */
export type TaskOutcome = ({ result: Record<string, unknown> } | ProviderError) & { calls?: number };

/** Options of {@link createDataForSeoQueue}. */
export interface DataForSeoQueueOptions {
  config: ProviderConfig;
  transport: Transport;
  limiter?: RateLimiter;
  /** Between two tasks_ready calls, in ms. */
  pollMs: number;
  /** A task not ready after this long ends as a `not_ready` error, in ms. */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** A queue of DataForSEO tasks shared by the checks of one run. */
export interface DataForSeoQueue {
  /** Posts the task of one keyword × engine (all of `depth`, stopping on `domain`) and resolves with its result. Never throws. */
  check(query: Omit<SerpQuery, "page">, depth: number, domain: string): Promise<TaskOutcome>;
  /** HTTP calls made so far (task_post, tasks_ready and task_get). */
  calls(): number;
  /** Stops polling; tasks still waiting end as errors. */
  close(): void;
}

interface Waiting {
  tag: string;
  engine: string;
  task: Record<string, unknown>;
  id?: string;
  postedAt: number;
  calls: number;
  resolve(o: TaskOutcome): void;
}

/** The request-level error of an answer, or null when its status is 20000. */
function requestError(status: number, headers: Headers, json: unknown): ProviderError | null {
  const body = obj(json);
  if (status !== 200) {
    const message = typeof body.status_message === "string" ? body.status_message : `HTTP ${status}`;
    return { error: kindOfStatus(status), httpStatus: status, message, retryAfterMs: retryAfterMs(headers) };
  }
  const code = Number(body.status_code);
  return code === 20000
    ? null
    : { error: dataForSeoKind(code), httpStatus: status, providerCode: code, message: String(body.status_message ?? "") };
}

/** Creates a queue; polling starts with the first posted task and stops when none is waiting. */
export function createDataForSeoQueue(opts: DataForSeoQueueOptions): DataForSeoQueue {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? (() => Date.now());
  const headers = dataForSeoHeaders(opts.config);
  const url = (path: string) => new URL(path, opts.config.baseUrl).toString();
  const toPost: Waiting[] = [];
  const posted = new Map<string, Waiting>();
  let calls = 0;
  let seq = 0;
  let flushing: Promise<void> | null = null;
  /** Tasks asked in the same tick go out together; asked while a post is under way, in the next post. */
  const scheduleFlush = () => {
    flushing ??= new Promise<void>((r) => setTimeout(r, 0)).then(flush).finally(() => {
      flushing = null;
      if (toPost.length) scheduleFlush();
    });
  };
  let polling: Promise<void> | null = null;
  let closed = false;

  const call = async (method: "GET" | "POST", path: string, body?: unknown, limited = true) => {
    if (limited) await opts.limiter?.take();
    calls++;
    try {
      return await opts.transport({ method, url: url(path), headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      return { status: 0, headers: new Headers(), json: null, networkError: err instanceof Error ? err.message : String(err) };
    }
  };

  const finish = (w: Waiting, o: TaskOutcome) => {
    if (w.id) posted.delete(w.id);
    w.resolve({ ...o, calls: w.calls });
  };

  /** Posts waiting tasks, per engine, in calls of up to 100. */
  const flush = async () => {
    while (toPost.length) {
      const engine = toPost[0]!.engine;
      const batch: Waiting[] = [];
      for (let i = 0; i < toPost.length && batch.length < TASKS_PER_POST;)
        if (toPost[i]!.engine === engine) batch.push(...toPost.splice(i, 1));
        else i++;
      for (const w of batch) w.calls++;
      const answer = await call(
        "POST",
        `/v3/serp/${engine}/organic/task_post`,
        batch.map((w) => ({ ...w.task, tag: w.tag })),
      );
      const failed =
        "networkError" in answer
          ? ({ error: "network", message: String(answer.networkError) } satisfies ProviderError)
          : requestError(answer.status, answer.headers, answer.json);
      if (failed) {
        for (const w of batch) finish(w, failed);
        continue;
      }
      const tasks = arr(obj(answer.json).tasks).map(obj);
      batch.forEach((w, i) => {
        const t = tasks.find((x) => obj(x.data).tag === w.tag) ?? tasks[i] ?? {};
        const code = Number(t.status_code);
        if (code === 20100 && typeof t.id === "string") {
          w.id = t.id;
          w.postedAt = now();
          posted.set(t.id, w);
        } else finish(w, { error: dataForSeoKind(code), providerCode: code, message: String(t.status_message ?? "task not created") });
      });
    }
    startPolling();
  };

  /** Fetches one finished task; a task still queued stays waiting. */
  const fetchTask = async (w: Waiting, engine: string) => {
    w.calls++;
    const answer = await call("GET", `/v3/serp/${engine}/organic/task_get/advanced/${encodeURIComponent(w.id!)}`);
    if ("networkError" in answer) return; // polled again on the next round
    const failed = requestError(answer.status, answer.headers, answer.json);
    if (failed) {
      if (failed.error === "rate_limit" || failed.error === "upstream") return;
      return finish(w, failed);
    }
    const t = obj(arr(obj(answer.json).tasks)[0]);
    const code = Number(t.status_code);
    if (code === 20000) return finish(w, { result: obj(arr(t.result)[0]) });
    if (code === 40601 || code === 40602) return;
    finish(w, { error: dataForSeoKind(code), providerCode: code, message: String(t.status_message ?? "") });
  };

  const poll = async () => {
    while (!closed && posted.size) {
      await sleep(opts.pollMs);
      const engines = [...new Set([...posted.values()].map((w) => w.engine))];
      for (const engine of engines) {
        const answer = await call("GET", `/v3/serp/${engine}/organic/tasks_ready`, undefined, false);
        if ("networkError" in answer || requestError(answer.status, answer.headers, answer.json)) continue;
        const ready = arr(obj(answer.json).tasks).flatMap((t) => arr(obj(t).result).map(obj));
        for (const r of ready) {
          const w = typeof r.id === "string" ? posted.get(r.id) : undefined;
          if (w) await fetchTask(w, engine);
        }
      }
      const t = now();
      for (const w of [...posted.values()])
        if (t - w.postedAt > opts.timeoutMs)
          finish(w, {
            error: "not_ready",
            providerCode: 40602,
            message: `task ${w.id} not ready after ${Math.round(opts.timeoutMs / 1000)} s`,
          });
    }
    polling = null;
  };

  const startPolling = () => {
    if (!polling && posted.size) polling = poll();
  };

  return {
    check(query, depth, domain) {
      return new Promise<TaskOutcome>((resolve) => {
        if (closed) return resolve({ error: "network", message: "queue closed" });
        const task = {
          ...dataForSeoTask({ ...query, page: 1 }, depth),
          stop_crawl_on_match: [{ match_value: domain, match_type: "with_subdomains" }],
        };
        toPost.push({ tag: `rf-${++seq}`, engine: query.engine, task, postedAt: now(), calls: 0, resolve });
        scheduleFlush();
      });
    },
    calls: () => calls,
    close() {
      closed = true;
      for (const w of [...posted.values(), ...toPost.splice(0)]) finish(w, { error: "network", message: "queue closed" });
    },
  };
}

/** The pages of one keyword × engine read from its queued task (the `pageSource` of checkKeyword). */
export function taskPageSource(
  queue: DataForSeoQueue,
  query: Omit<SerpQuery, "page">,
  depth: number,
  domain: string,
): { page(page: number): Promise<PageResult | ProviderError>; calls(): number } {
  let outcome: Promise<TaskOutcome> | null = null;
  let calls = 0;
  return {
    async page(page) {
      outcome ??= queue.check(query, depth, domain).then((o) => ((calls = o.calls ?? 0), o));
      const o = await outcome;
      return "error" in o ? o : dataForSeoPage(o.result, page);
    },
    calls: () => calls,
  };
}
