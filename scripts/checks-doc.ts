/** `npm run checks:doc`: writes docs/checks.md from the check catalogue (server/audit/checks-doc.ts). */
import { writeFileSync } from "node:fs";
import { renderChecksDoc } from "../server/audit/checks-doc.ts";

const target = new URL("../docs/checks.md", import.meta.url);
writeFileSync(target, renderChecksDoc());
console.log(`wrote ${target.pathname}`);
