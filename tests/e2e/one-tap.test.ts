import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { GSI_SCRIPT_URL, SIGN_IN_SCRIPT_DELAY_MS } from "../../app/accounts/one-tap.ts";
import { launchBrowser } from "../helpers/browser.ts";

const CLIENT_ID = "rankforge-e2e.apps.googleusercontent.com";

/** A stand-in for Google's script: records the callback so the test can hand it a credential. */
const FAKE_GSI = `window.google = { accounts: { id: {
  initialize(o) { window.__oneTap = o; },
  prompt() { window.__prompted = true; },
} } };`;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Spec 4 and 7 in a real browser: a guest gets the sign-in script 4 s after load; the one-tap
 * credential goes to our endpoint, which verifies it against the (local) JWKS and signs the user in.
 * Runs its own server with GOOGLE_CLIENT_ID set, so the shared e2e server stays without Google.
 */
describe("spec 7 Google one-tap in a real browser (local JWKS, Google's script replaced)", () => {
  let server: ChildProcess;
  let jwks: Server;
  let baseUrl: string;
  let dataDir: string;
  let key: CryptoKey;
  let browser: Browser;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "e2e", alg: "RS256", use: "sig" };
    jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    const jwksPort = await listen(jwks);
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-onetap-"));
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.resolve(import.meta.dirname, "../../server/main.ts")], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PUBLIC_ORIGIN: baseUrl,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs`,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    // A loaded machine may take minutes to boot a fresh embedded database: wait, then say so if it never came up.
    let ready = false;
    for (let i = 0; i < 960 && !ready && server.exitCode === null; i++) {
      ready = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    if (!ready) throw new Error(`the one-tap server at ${baseUrl} did not become ready (exit code ${server.exitCode})`);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    await new Promise((r) => jwks?.close(r));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("loads the sign-in script 4 s after load for a guest and signs in with the one-tap credential", async () => {
    const page = await browser.newPage();
    let requested = false;
    await page.route(GSI_SCRIPT_URL, (route) => {
      requested = true;
      return route.fulfill({ contentType: "text/javascript", body: FAKE_GSI });
    });
    // The page's clock is paused and driven by the test, so "4 s" is exact and nothing depends on machine speed
    // (an installed clock otherwise keeps flowing in real time).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const hydrated = page.waitForResponse((r) => r.url().includes("/api/main/getrankforge"));
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await hydrated;
    await page.clock.runFor(SIGN_IN_SCRIPT_DELAY_MS - 100);
    expect(requested).toBe(false);
    await page.clock.runFor(200);
    await page.waitForFunction(() => "__prompted" in window, undefined, { timeout: 20_000 });
    expect(requested).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __oneTap: { client_id: string } }).__oneTap.client_id)).toBe(CLIENT_ID);

    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({ email: "onetap@example.com", email_verified: true, name: "One Tap" })
      .setProtectedHeader({ alg: "RS256", kid: "e2e" })
      .setIssuer("https://accounts.google.com")
      .setSubject("e2e-sub")
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    await Promise.all([
      page.waitForEvent("load"),
      page.evaluate(
        (c) => (window as unknown as { __oneTap: { callback: (r: { credential: string }) => void } }).__oneTap.callback({ credential: c }),
        credential,
      ),
    ]);
    await page.getByRole("banner").getByLabel("One Tap").waitFor({ timeout: 10_000 });
    await page.close();
  });
});
