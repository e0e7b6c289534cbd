import "./prose.css";

/**
 * Typography of rendered Markdown (Tailwind typography plugin, Rankforge colours, readable measure).
 * Importing this module adds app/content/prose.css to the route that uses it (issue 14.4): pages
 * without Markdown do not load the typography rules.
 */
export const PROSE =
  "prose prose-slate max-w-[70ch] sm:prose-lg prose-headings:scroll-mt-24 prose-headings:tracking-tight prose-h2:mt-12 [&>:first-child]:mt-0 prose-a:text-forge-700 prose-a:underline-offset-2 prose-strong:text-ink-900 prose-code:font-normal prose-code:before:content-none prose-code:after:content-none prose-pre:bg-ink-900 prose-pre:text-ink-100 prose-table:text-sm prose-blockquote:border-forge-500 prose-blockquote:not-italic [&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-ink-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em] [&_.table-wrap]:overflow-x-auto";

/** The smaller typography of release notes on /whatsnew (spec 2 "/whatsnew"). */
export const PROSE_NOTES = "prose prose-slate mt-4 max-w-[70ch] prose-h3:mt-6 prose-h3:text-lg prose-h4:text-base prose-a:text-forge-700";
