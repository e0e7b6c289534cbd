/** Text ids of the e-mails managers get (content/texts/<lang>/manager.json, group "email", range 42600–42649). */
export const MANAGER_EMAIL = {
  /** "New chat message (conversation #{thread})" */
  chatSubject: 42600,
  chatReply: 42601,
  /** "New request #{id}: {subject}" */
  requestSubject: 42602,
  /** Lines of a request notification, each "Label: {value}". */
  subject: 42603,
  name: 42604,
  email: 42605,
  phone: 42606,
  website: 42607,
  guest: 42608,
  user: 42609,
  newUser: 42610,
  page: 42611,
  context: 42612,
  referrer: 42613,
  query: 42614,
  referral: 42615,
  noMessage: 42616,
} as const;
