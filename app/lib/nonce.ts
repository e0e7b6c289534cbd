import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (issue 9 finding 8),
 * provided by app/entry.server.tsx. In the browser it is undefined: the attribute matters only in
 * the server's HTML, and browsers hide it from the DOM anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce for an inline `<script>` (undefined in the browser). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
