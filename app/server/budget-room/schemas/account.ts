import { z } from "zod";

// What an account deletion does to each budget the departing user belongs to. The actor is the
// departing user (also when an admin deletes them: the server checks who may ask before sending it).
export const accountCommandSchemas = [
  z.object({
    type: z.literal("leaveOnAccountDeletion"),
    /** How the new owner's chat names the person who left (a name or e-mail, never an id). */
    departingName: z.string().trim().min(1).max(200),
  }),
] as const;
