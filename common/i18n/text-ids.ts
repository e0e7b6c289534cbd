/** Text ids of issue 15 (range 57000–57499), content/texts/<lang>/i18n.json, group "i18n". */
export const I18N = {
  /** Notice on an article shown in another language than the interface's: "This article is published in {language}." */
  publishedIn: 57000,
  /** Error pages in the visitor's language. */
  notFoundTitle: 57001,
  notFoundNotice: 57002,
  errorTitle: 57003,
  errorRetry: 57004,
  errorAccess: 57005,
  /** Link of the last-resort error page (app/root.tsx). */
  mainPage: 57006,
} as const;
