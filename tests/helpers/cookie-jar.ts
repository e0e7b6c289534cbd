/** A minimal cookie jar for in-process API tests: keeps name=value pairs from Set-Cookie headers. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Stores (or, for an expired / empty cookie, removes) every cookie the response sets. */
  take(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
