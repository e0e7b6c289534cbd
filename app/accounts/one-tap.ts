/** Spec 4 and 9: guests get the third-party sign-in script 4 s after the login state is known. */
export const SIGN_IN_SCRIPT_DELAY_MS = 4000;
/** Google Identity Services client script. */
export const GSI_SCRIPT_URL = "https://accounts.google.com/gsi/client";

interface GoogleId {
  initialize(opts: { client_id: string; callback: (r: { credential: string }) => void; cancel_on_tap_outside?: boolean }): void;
  prompt(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

/**
 * Loads Google's one-tap script and shows the prompt; the credential it returns is posted to our
 * own sign-in endpoint (spec 7), then `onSignedIn` runs, or `onDeleted` when the account is
 * deleted (the caller offers restore). Returns a cleanup that removes the script.
 */
export function startOneTap(clientId: string, onSignedIn: () => void, onDeleted: () => void): () => void {
  const script = document.createElement("script");
  script.src = GSI_SCRIPT_URL;
  script.async = true;
  script.onload = () => {
    window.google?.accounts.id.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      callback: ({ credential }) => {
        void fetch("/api/auth/google-one-tap", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ credential }),
          credentials: "same-origin",
        }).then(async (res) => {
          if (res.ok) return onSignedIn();
          const body = (await res.json().catch(() => null)) as { code?: string } | null;
          if (body?.code === "ACCOUNT_DELETED") onDeleted();
        });
      },
    });
    window.google?.accounts.id.prompt();
  };
  document.head.appendChild(script);
  return () => script.remove();
}
