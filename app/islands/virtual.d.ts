/** Built by the `rankforge:islands` plugin of vite.config.ts: the islands entry's URL and its static imports (null in dev). */
declare module "virtual:rankforge/islands" {
  const islands: { src: string; imports: string[] } | null;
  export default islands;
}
