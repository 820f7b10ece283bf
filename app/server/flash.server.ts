import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { isLocalHttp } from "./auth/cookies.server";

// A one-shot message that survives a post/redirect/get, so forms can confirm what happened without JS.
const flashSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});

export type Flash = z.infer<typeof flashSchema>;

function flashCookie(request: Request, secret: string) {
  return createCookie("__flash", { httpOnly: true, sameSite: "lax", secure: !isLocalHttp(request), path: "/", maxAge: 60, secrets: [secret] });
}

export async function setFlash(request: Request, secret: string, flash: Flash): Promise<string> {
  return flashCookie(request, secret).serialize(flash);
}

/** Reads and clears the flash; returns the message and the header that clears it. */
export async function takeFlash(request: Request, secret: string): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie(request, secret);
  const header = request.headers.get("Cookie");
  let raw: unknown;
  try {
    raw = await cookie.parse(header);
  } catch {
    // A malformed __flash (tampered, or another app's on localhost) must not break every page: drop it.
    raw = undefined;
  }
  if (!raw) {
    const present = /(?:^|;\s*)__flash=/.test(header ?? "");
    return { flash: null, clear: present ? await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) : null };
  }
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) };
}
