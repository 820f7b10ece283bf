import { and, eq } from "drizzle-orm";
import { currentPeriodStart } from "~/domain/budget-math";
import { safeTimeZone, todayIn } from "~/domain/dates";
import type { CompleteProfileInput } from "~/domain/profile";
import { isProfileComplete } from "~/domain/profile";
import type { AppContext } from "./context.server";
import { budgetMembers, users, type UserRow } from "./db/schema";
import { hashPassword } from "./auth/password.server";
import { applyBudgetCommand } from "./budget-room/client.server";
import { activityInsert } from "./activity.server";
import type { PublicUser } from "~/domain/public-user";

/** The User entity as the API speaks it (spec part 1 §3), plus the fields the shell needs. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phone,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    accountStatus: user.accountStatus,
    languagePreference: user.languagePreference,
    smsOptInConsent: user.smsOptInConsent,
    smsOptInDate: user.smsOptInDate ? new Date(user.smsOptInDate).toISOString() : null,
    profileComplete: isProfileComplete(user),
    createdAt: new Date(user.createdAt).toISOString(),
    updatedAt: new Date(user.updatedAt).toISOString(),
  };
}


export async function findUserByEmail(app: AppContext, email: string): Promise<UserRow | null> {
  const rows = await app.db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(app: AppContext, id: string): Promise<UserRow | null> {
  const rows = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this e-mail already exists. Sign in instead.");
  }
}

interface NewUser {
  email: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  timeZone?: string | null;
  /** True when an identity provider vouched for the address (OAuth with email_verified). */
  emailVerified?: boolean;
}

/** Creates the user and their personal budget (owner). */
export async function createUser(app: AppContext, input: NewUser): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(app, email)) throw new EmailTakenError();
  const id = crypto.randomUUID();
  const row: UserRow = {
    id,
    email,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    phone: null,
    profileImageUrl: input.profileImageUrl ?? null,
    isAdmin: app.config.adminEmails.has(email),
    accountStatus: "active",
    languagePreference: "spending",
    smsOptInConsent: false,
    smsOptInDate: null,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    activeBudgetId: null,
    createdAt: app.now,
    updatedAt: app.now,
    lastLoginAt: app.now,
  };
  try {
    await app.db.insert(users).values(row);
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides, the loser gets a clear answer.
    if (String(error).includes("UNIQUE")) throw new EmailTakenError();
    throw error;
  }
  const budgetId = await ensurePersonalBudget(app, row, input.timeZone);
  return { ...row, activeBudgetId: budgetId };
}

/** Every user has a budget to look at; this creates the personal one if it is missing. */
export async function ensurePersonalBudget(app: AppContext, user: UserRow, timeZone?: string | null): Promise<string> {
  if (user.activeBudgetId) return user.activeBudgetId;
  // A fixed id per user: two requests racing to create it meet in the same room, and the second is
  // told it exists (409) instead of creating an orphan. Ids are never trusted for access anyway.
  const personal = `personal-${user.id}`;
  const first = await createPersonalBudget(app, user, personal, timeZone);
  if (first === "created") return personal;
  const ownsIt = await app.db
    .select({ role: budgetMembers.role })
    .from(budgetMembers)
    .where(and(eq(budgetMembers.budgetId, personal), eq(budgetMembers.userId, user.id)))
    .limit(1);
  if (ownsIt[0]) return personal;
  // Only when the personal budget exists but the user is no longer in it: start a fresh one.
  const fresh = crypto.randomUUID();
  if ((await createPersonalBudget(app, user, fresh, timeZone)) !== "created") throw new Error("Could not create a budget");
  return fresh;
}

async function createPersonalBudget(app: AppContext, user: UserRow, budgetId: string, timeZone?: string | null): Promise<"created" | "exists"> {
  const zone = safeTimeZone(timeZone);
  const outcome = await applyBudgetCommand(app, budgetId, user.id, {
    type: "createBudget",
    ownerId: user.id,
    name: user.firstName ? `${user.firstName}'s Budget` : "My Budget",
    timeZone: zone,
    resetDay: 1,
    periodStart: currentPeriodStart(todayIn(zone, app.now), 1),
  });
  if (outcome.ok) return "created";
  if (outcome.status === 409) return "exists";
  throw new Error(`Could not create a budget: ${outcome.message}`);
}

export async function markSignedIn(app: AppContext, user: UserRow): Promise<void> {
  const promote = !user.isAdmin && app.config.adminEmails.has(user.email);
  await app.db.batch([
    app.db
      .update(users)
      .set({ lastLoginAt: app.now, ...(promote ? { isAdmin: true } : {}) })
      .where(eq(users.id, user.id)),
    // Sign-ins feed the admin's Activity Logs and the user's recent activity.
    activityInsert(app.db, { userId: user.id, type: "login", description: "Signed in", at: app.now }),
  ]);
}

export async function updateLanguagePreference(app: AppContext, userId: string, languagePreference: "spending" | "saving"): Promise<UserRow> {
  const [row] = await app.db.update(users).set({ languagePreference, updatedAt: app.now }).where(eq(users.id, userId)).returning();
  return row;
}

export async function completeProfile(app: AppContext, userId: string, input: CompleteProfileInput): Promise<UserRow> {
  const [row] = await app.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phoneNumber,
      smsOptInConsent: input.smsOptInConsent,
      smsOptInDate: input.smsOptInConsent ? app.now : null,
      updatedAt: app.now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
