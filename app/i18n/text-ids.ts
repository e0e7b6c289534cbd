/**
 * Named text ids used by the interface. Texts themselves live in content/texts/<lang>/<feature>.json,
 * are seeded into the database and served by POST /api/main/get (spec 7).
 * Ids 1262…9954 are the ones spec 7 says every page requests.
 */
export const T = {
  signIn: 1262,
  signUp: 1263,
  personalManager: 7898,
  sendRequest: 7899,
  requestSent: 7900,
  enterDomain: 9767,
  enterValidDomain: 9787,
  name: 5823,
  email: 5824,
  phone: 5826,
  message: 5827,
  checkWebsite: 9954,
  navServices: 8709,
  navTools: 8710,
  navCompany: 8711,
  navLegal: 8712,
} as const;

export type TextId = (typeof T)[keyof typeof T] | number;
