/** Text ids of the cookie consent banner (issue 9; range 59500–59519), content/texts/<lang>/consent.json. */
export const CT = {
  title: 59500,
  body: 59501,
  accept: 59502,
  reject: 59503,
  policy: 59504,
  settings: 59505,
} as const;
