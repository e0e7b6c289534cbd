/** The rank texts live in common/ so server registries (onboarding steps) can name them too. */
export { R } from "../../common/rank/text-ids.ts";
