import { apiJson, signIn, signUpComplete, type SignedIn } from "./http";

// The one ADMIN_EMAILS account of the integration config, with a complete profile (so the admin screen
// shows). Storage is shared by the tests of a file: the first call signs it up, later ones sign in.
const ADMIN_EMAIL = "admin@example.test";
let created = false;

export async function adminAccount(): Promise<SignedIn> {
  if (!created) {
    created = true;
    return signUpComplete(ADMIN_EMAIL, { firstName: "Ada", lastName: "Admin" });
  }
  return signIn(ADMIN_EMAIL);
}

export { apiJson };
