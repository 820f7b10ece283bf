import { z } from "zod";

// Who belongs to a budget: invitations, joining, leaving, removal (issue 8). Tokens never reach the
// room: the server hashes them, and the room stores and compares only SHA-256 hashes.
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/);
const id = z.string().min(1).max(100);

export const sharingCommandSchemas = [
  z.object({
    type: z.literal("createInvitation"),
    invitationId: id,
    inviteeEmail: z.string().trim().toLowerCase().min(3).max(254),
    tokenHash,
    expiresAt: z.number().int(),
  }),
  z.object({ type: z.literal("revokeInvitation"), invitationId: id }),
  z.object({ type: z.literal("acceptInvitation"), tokenHash }),
  z.object({ type: z.literal("removeMember"), userId: id }),
  z.object({ type: z.literal("leaveBudget") }),
] as const;
