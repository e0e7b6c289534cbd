import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A `npm run worker` process and the moment its job workers are registered. */
export interface WorkerProcess {
  process: ChildProcess;
  /** Resolves once the process logged "services ready" (its pg-boss workers poll from then on). */
  ready: Promise<void>;
}

/**
 * Starts what `npm run worker` runs (server/worker.ts) with `env` over the test's environment. Its
 * log is read (at info level) only to learn when it is ready: a loaded machine takes many seconds
 * to import the server, and a job queued before one worker is up may all go to the other.
 */
export function startWorkerProcess(env: NodeJS.ProcessEnv): WorkerProcess {
  const child = spawn(process.execPath, [path.join(root, "server/worker.ts")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: "memory://", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out = (out + d.toString()).slice(-4_000);
      if (out.includes('"msg":"services ready"')) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
  });
  ready.catch(() => undefined);
  return { process: child, ready };
}
