/** Text ids of the audit engine's notices (range 56000–56499), content/texts/<lang>/audit-engine.json. */
export const E = {
  comparedOver: 56000,
  stoppedAtLimit: 56001,
  continueAudit: 56002,
  newLimit: 56003,
  continueHint: 56004,
  projectLimitNotice: 56005,
} as const;
