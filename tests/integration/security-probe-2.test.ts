import { env } from "cloudflare:test";
import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { api, htmlText, signUpComplete } from "./helpers/http";

// The findings of the second black-box probe (issue 18), each reproduced against the Worker.

/** The chat page's loader data as a client navigation gets it (single fetch), sent with this Sec-Fetch-Site. */
async function chatData(cookie: string, query: string, site?: string): Promise<{ presend: boolean }> {
  const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
  const res = await api(`/_root.data?index&${query}&_routes=routes%2F_app._index`, { cookie, headers });
  expect(res.status).toBe(200);
  const decoded = await decode(res.body!);
  await decoded.done;
  return (decoded.value as Record<string, { data: { presend: boolean } }>)["routes/_app._index"].data;
}

describe("#1 ?message= pre-sends only when the app itself led there", () => {
  it.each([
    ["cross-site", false],
    ["same-site", false],
    ["none", false],
    [undefined, false],
    ["same-origin", true],
  ])("Sec-Fetch-Site %s → presend %s", async (site, presend) => {
    const account = await signUpComplete();
    expect((await chatData(account.cookie, "message=rent%20%244999", site)).presend).toBe(presend);
  });

  it("without a message there is nothing to pre-send", async () => {
    const account = await signUpComplete();
    expect((await chatData(account.cookie, "", "same-origin")).presend).toBe(false);
  });

  it("another site's link (no JavaScript either) puts the text in the box and writes nothing", async () => {
    const account = await signUpComplete();
    const res = await api("/?message=rent%20%244999", { cookie: account.cookie, headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    expect(htmlText(await res.text())).toMatch(/<textarea[^>]*name="content"[^>]*>rent \$4999<\/textarea>/);
    const written = await env.DB.prepare("SELECT COUNT(*) AS n FROM expenses e JOIN budget_members m ON m.budget_id = e.budget_id WHERE m.user_id = ?").bind(account.user.id).first<{ n: number }>();
    expect(written?.n).toBe(0);
  });
});
