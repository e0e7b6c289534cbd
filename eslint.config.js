import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries (issue 8.2): common/ is shared by browser and server and imports neither; server/ never imports app/. */
const importsOf = (message, ...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "drizzle/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["common/**/*.{ts,tsx}"],
    rules: importsOf("common/ is shared by browser and server: it imports neither app/ nor server/.", [
      "**/app/**",
      "**/server/**",
      "react-router",
    ]),
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: importsOf("server/ never imports app/: move what both need to common/.", ["**/app/**"]),
  },
);
