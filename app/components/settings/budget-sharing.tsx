import { Form, useNavigation } from "@remix-run/react";
import { Copy, UserMinus, Users } from "lucide-react";
import type { FormEvent } from "react";
import { toast } from "~/components/ui/use-toast";
import type { FormReply } from "~/domain/form-reply";
import { displayName, EMAIL_REQUIRED_TEXT, EMAIL_REQUIRED_TITLE, MEMBER_ABILITIES } from "~/domain/sharing";
import type { SharingSettings } from "~/domain/sharing";
import { FormMessage } from "./use-form-feedback";
import { SettingsSection, formatDate } from "./section";
import { useHydrated } from "~/components/use-hydrated";
import { Tip } from "~/components/ui/tooltip";

const button = "rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";

/** A link to hand over: selectable text without JavaScript, plus a copy button with it. */
function CopyLink({ url, label }: { url: string; label: string }) {
  const js = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "Send it to the person you invited." });
    } catch {
      toast({ title: "Copy Failed", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  };
  return (
    <div className="flex items-center gap-2">
      <input readOnly value={url} aria-label={label} className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      {js ? (
        <Tip label={`Copy ${label}`}>
          <button type="button" onClick={copy} className={`${button} inline-flex items-center gap-1 border-slate-300 hover:bg-slate-50`} aria-label={`Copy ${label}`}>
            <Copy className="h-4 w-4" aria-hidden /> Copy
          </button>
        </Tip>
      ) : null}
    </div>
  );
}

function MemberList({ members, removable, reply }: { members: SharingSettings["members"]; removable: boolean; reply: FormReply | null }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remove-member" ? navigation.formData.get("userId") : null;
  return (
    <div>
      <h3 className="text-sm font-semibold">Members ({members.length})</h3>
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Budget members">
        {members.map((m) => (
          <li key={m.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="break-words text-sm font-medium">{displayName(m.user)}</p>
              <p className="break-all text-xs text-slate-600">
                {m.user.email} · {m.role === "owner" ? "Owner" : "Member"} · joined {formatDate(m.joinedAt)}
              </p>
            </div>
            {removable && m.role !== "owner" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-member" />
                <input type="hidden" name="userId" value={m.userId} />
                <Tip label={`Remove ${displayName(m.user)}`}>
                  <button type="submit" disabled={removing === m.userId} className={`${button} inline-flex items-center gap-1 border-red-300 text-red-700 hover:bg-red-50`} aria-label={`Remove ${displayName(m.user)}`}>
                    <UserMinus className="h-4 w-4" aria-hidden /> {removing === m.userId ? "Removing..." : "Remove"}
                  </button>
                </Tip>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <FormMessage reply={reply} id="remove-member-error" />
    </div>
  );
}

function InviteForm({ reply }: { reply: FormReply | null }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "invite";
  // The spec's blank check is a toast; the e-mail input type still catches typos without JavaScript.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const email = new FormData(event.currentTarget).get("email");
    if (typeof email === "string" && email.trim() === "") {
      event.preventDefault();
      toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_TEXT, variant: "destructive" });
    }
  };
  const error = reply?.fieldErrors.email?.[0];
  return (
    <Form method="post" onSubmit={onSubmit} className="space-y-2" noValidate={false}>
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="role" value="member" />
      <label htmlFor="invite-email" className="block text-sm font-medium">
        Invite a family member by e-mail
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={reply?.values.email ?? ""}
          placeholder="name@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={reply ? "invite-error" : undefined}
          className="min-w-[12rem] flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" disabled={busy} className={`${button} border-brand-600 bg-brand-600 text-white hover:bg-brand-700`}>
          {busy ? "Creating..." : "Create Invitation"}
        </button>
      </div>
      <FormMessage reply={reply} id="invite-error" />
    </Form>
  );
}

function Invitations({ invitations, reply }: { invitations: SharingSettings["invitations"]; reply: FormReply | null }) {
  const navigation = useNavigation();
  const revoking = navigation.formData?.get("intent") === "revoke-invitation" ? navigation.formData.get("invitationId") : null;
  const pending = invitations.filter((i) => i.status === "pending");
  // Accepted, revoked and expired ones are history, listed apart under their own heading.
  const past = invitations.filter((i) => i.status !== "pending").slice(0, 10);
  return (
    <div>
      <h3 className="text-sm font-semibold">Pending invitations ({pending.length})</h3>
      {pending.length === 0 ? <p className="mt-1 text-sm text-slate-600">No pending invitations.</p> : null}
      <ul className="mt-2 space-y-3" aria-label="Pending invitations">
        {pending.map((i) => (
          <li key={i.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex items-center justify-between gap-2">
              <p className="min-w-0 break-all text-sm font-medium">{i.inviteeEmail}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="invitationId" value={i.id} />
                <button type="submit" disabled={revoking === i.id} className={`${button} border-slate-300 hover:bg-slate-50`} aria-label={`Revoke the invitation for ${i.inviteeEmail}`}>
                  {revoking === i.id ? "Revoking..." : "Revoke"}
                </button>
              </Form>
            </div>
            <p className="mb-2 text-xs text-slate-600">
              Sent {formatDate(i.createdAt)} · expires {formatDate(i.expiresAt)}
            </p>
            {i.inviteUrl ? <CopyLink url={i.inviteUrl} label={`invitation link for ${i.inviteeEmail}`} /> : null}
          </li>
        ))}
      </ul>
      {past.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">Past invitations</h3>
          <ul className="mt-2 space-y-2" aria-label="Past invitations">
            {past.map((i) => (
              <li key={i.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-all text-slate-600">{i.inviteeEmail}</span>
                <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700">{i.status}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FormMessage reply={reply} id="revoke-invitation-error" />
    </div>
  );
}

export function BudgetSharing({ sharing, replies }: { sharing: SharingSettings; replies: { invite: FormReply | null; revoke: FormReply | null; remove: FormReply | null } }) {
  const owner = sharing.role === "owner";
  return (
    <SettingsSection id="budget-sharing" title="Budget Sharing" badge={<Users className="h-4 w-4 text-slate-400" aria-hidden />}>
      <div className="space-y-5">
        {owner ? (
          <>
            <p className="text-sm text-slate-600">Share {sharing.budgetName} with your family. Everyone you invite sees the same budget and can add expenses.</p>
            <InviteForm reply={replies.invite} />
            {sharing.created?.inviteUrl ? (
              <div className="rounded-lg border border-green-200 bg-green-50 p-3" role="status">
                <p className="text-sm font-semibold text-green-900">Invitation link for {sharing.created.inviteeEmail}</p>
                <p className="mb-2 text-xs text-green-800">Send this link to them. It expires in 7 days and works once.</p>
                <CopyLink url={sharing.created.inviteUrl} label={`new invitation link for ${sharing.created.inviteeEmail}`} />
              </div>
            ) : null}
            <Invitations invitations={sharing.invitations} reply={replies.revoke} />
          </>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-slate-600">
              You are a member of {sharing.budgetName}, shared with you by its owner. Only the owner can invite or remove members.
            </p>
            <p className="text-sm font-medium">As a member you can:</p>
            <ul className="list-inside list-disc text-sm text-slate-600">
              {MEMBER_ABILITIES.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </div>
        )}
        <MemberList members={sharing.members} removable={owner} reply={replies.remove} />
      </div>
    </SettingsSection>
  );
}
