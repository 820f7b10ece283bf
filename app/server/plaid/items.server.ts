import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { plaidItems } from "../db/schema";
import { callPlaid, plaidClient, type PlaidSettings } from "./client.server";
import { decryptToken } from "./token-crypto.server";

/**
 * Removes an Item at Plaid (its last account was removed, it was a duplicate link, or its user deleted
 * their account). Failures are logged by code only; the token is already gone on our side.
 */
export async function removeItemAtPlaid(settings: PlaidSettings, itemRowId: string, encrypted: string): Promise<boolean> {
  try {
    const token = await decryptToken(settings.tokenKey, encrypted, itemRowId);
    await callPlaid("item/remove", () => plaidClient(settings).itemRemove({ access_token: token }));
    return true;
  } catch {
    return false;
  }
}

/** Removes at Plaid every Item a user linked (their account is being deleted); bounded to 100 Items. */
export async function removeUserItemsAtPlaid(db: Db, settings: PlaidSettings | null, userId: string): Promise<number> {
  if (!settings) return 0;
  const items = await db
    .select({ id: plaidItems.id, token: plaidItems.accessTokenEncrypted })
    .from(plaidItems)
    .where(and(eq(plaidItems.userId, userId), ne(plaidItems.status, "removed")))
    .limit(100);
  let removed = 0;
  for (const item of items) if (item.token && (await removeItemAtPlaid(settings, item.id, item.token))) removed++;
  return removed;
}
