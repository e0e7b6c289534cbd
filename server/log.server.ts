import { pino, type Logger } from "pino";

export type { Logger };

/** Structured JSON logger (pino). Secrets are redacted by path, never logged. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret", "*.token"],
      censor: "[redacted]",
    },
  });
}
