/** The projects texts live in common/ so server registries (onboarding steps) can name them too. */
export { P } from "../../common/projects/text-ids.ts";
