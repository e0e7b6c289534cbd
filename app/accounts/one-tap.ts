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
 * own sign-in endpoint (spec 7), then `onSignedIn` runs. Returns a cleanup that removes the script.
 */
export function startOneTap(clientId: string, onSignedIn: () => void): () => void {
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
        }).then((res) => res.ok && onSignedIn());
      },
    });
    window.google?.accounts.id.prompt();
  };
  document.head.appendChild(script);
  return () => script.remove();
}
