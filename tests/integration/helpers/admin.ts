import { signIn, signUp, type SignedIn } from "./http";

// The one ADMIN_EMAILS account of the integration config. Storage is shared by the tests of a file,
// so the first test signs it up and later ones sign in.
const ADMIN_EMAIL = "admin@example.test";
let created = false;

export async function adminAccount(): Promise<SignedIn> {
  if (!created) {
    created = true;
    return signUp(ADMIN_EMAIL);
  }
  return signIn(ADMIN_EMAIL);
}
