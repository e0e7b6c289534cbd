import type { Config } from "@react-router/dev/config";

/** React Router framework mode: server-side rendering of every route (docs/decisions/0001-stack.md). */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  serverBuildFile: "index.js",
} satisfies Config;
