import { createContext, useContext } from "react";

// The per-response CSP nonce. Set on the server around the app; in the browser it is "" (browsers hide
// nonce attributes after load, and hydration does not need them).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
