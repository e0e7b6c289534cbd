/**
 * glibc's malloc setting the web process runs with (issue 14 point 3, decision 0017): blocks of
 * 2 MiB and more are always mapped on their own and unmapped when freed. By default glibc raises
 * that threshold each time such a block is freed (up to 32 MiB) and then serves big blocks from its
 * arenas, which keep them once freed: V8's optimizing WebAssembly compiler (tiering up PGlite's hot
 * PostgreSQL functions) frees ≈ 60–80 MB of such scratch blocks, which then stayed resident for the
 * life of the process. Ignored by other C libraries (musl, macOS).
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "2097152" } as const;

/**
 * Replaces the current process (`process.execve`: same pid, same Node flags) by `node <args>` with
 * {@link MALLOC_ENV} added to its environment (malloc reads it only when a process starts; an
 * operator's own MALLOC_MMAP_THRESHOLD_ is kept). Call it first thing, before any thread or handle
 * exists. Returns only where that is not possible (not Linux, or a Node without `execve`): the
 * caller then goes on in this process.
 * @param args the script and its arguments, as `process.argv.slice(1)` has them.
 */
export function execWithMallocSettings(args: readonly string[]): void {
  if (process.platform !== "linux" || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...args], { ...MALLOC_ENV, ...process.env });
}
