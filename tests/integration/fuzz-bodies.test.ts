import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { installPlaidDouble } from "./helpers/plaid";
import { api } from "./helpers/http";
import { discoverRoutes } from "./helpers/routes";
import { signUp } from "./helpers/users";

// Hostile bodies to every route that accepts non-GET requests (security issue 5). The routes are read
// from app/routes, so a new route is fuzzed without being listed here. Nothing may answer 5xx: a body
// that cannot be read is the client's mistake (400/413/415), invalid input is a 400.

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const bytes = (...b: number[]) => new Uint8Array(b);

interface Shape {
  name: string;
  type?: string;
  body?: BodyInit;
}

const SHAPES: Shape[] = [
  { name: "empty, no type" },
  { name: "text, no type", body: "hello" },
  { name: "text/plain", type: "text/plain", body: "amount=5" },
  { name: "empty JSON", type: "application/json", body: "" },
  { name: "malformed JSON", type: "application/json", body: '{"amount": 5,' },
  { name: "JSON null", type: "application/json", body: "null" },
  { name: "JSON array", type: "application/json", body: '[{"amount":5}]' },
  { name: "JSON number", type: "application/json", body: "42" },
  { name: "JSON string", type: "application/json", body: '"x"' },
  { name: "deeply nested JSON arrays", type: "application/json", body: deep(50_000) },
  { name: "deeply nested JSON objects", type: "application/json", body: deepObject(20_000) },
  { name: "huge JSON", type: "application/json", body: JSON.stringify({ description: "x".repeat(3_000_000) }) },
  {
    name: "JSON with wrong types and prototype keys",
    type: "application/json",
    body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"amount":{"$gt":0},"id":["a"],"intent":123,"email":[],"content":{},"date":"2024-02-30","resetDay":1e309,"conversationId":null,"categoryId":true}',
  },
  { name: "JSON with huge numbers and long strings", type: "application/json", body: JSON.stringify({ amount: 1e308, amountCents: -1e308, label: "é".repeat(20_000), intent: "x".repeat(5000) }) },
  { name: "JSON with NUL and lone surrogates", type: "application/json", body: '{"description":"\\u0000\\ud800","content":"\\udfff"}' },
  { name: "JSON, BOM first", type: "application/json", body: "\ufeff{}" },
  { name: "JSON declared latin1", type: "application/json; charset=latin1", body: '{"a":"\u00e9"}' },
  { name: "form, bad percent-encoding", type: "application/x-www-form-urlencoded", body: "amount=%&description=%zz&%=1" },
  { name: "form, charset utf-16", type: "application/x-www-form-urlencoded; charset=utf-16", body: "a=1" },
  { name: "form, invalid UTF-8", type: "application/x-www-form-urlencoded", body: bytes(0x61, 0x3d, 0xc3, 0x28, 0xff) },
  { name: "form, huge", type: "application/x-www-form-urlencoded", body: "description=" + "x".repeat(3_000_000) },
  { name: "form, prototype keys and repeats", type: "application/x-www-form-urlencoded", body: "intent=__proto__&__proto__=1&constructor=2&intent=delete&id=../../x&id=1" },
  { name: "form, every intent-like value", type: "application/x-www-form-urlencoded", body: "intent=delete&intent=add&amount=-1&amount=abc&date=9999-99-99&email=not-an-email&token=%00" },
  { name: "multipart, junk with boundary", type: "multipart/form-data; boundary=zzz", body: "junk" },
  { name: "multipart, no boundary", type: "multipart/form-data", body: "--x\r\n\r\n" },
  { name: "multipart, truncated", type: "multipart/form-data; boundary=b", body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nDate,Amount\r\n' },
  { name: "multipart, garbage file", type: "multipart/form-data; boundary=b", body: '--b\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\nContent-Type: text/csv\r\n\r\n\u0000\u0001\u0002PK\u0003\u0004\r\n--b--\r\n' },
  { name: "XML", type: "application/xml", body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>' },
  { name: "octet-stream", type: "application/octet-stream", body: bytes(0, 1, 2, 3, 255, 254) },
  { name: "type with garbage parameters", type: "application/json;;;charset=;boundary", body: "{}" },
];

const OTHER_METHODS = ["PUT", "PATCH", "DELETE"];
const OTHER_METHOD_SHAPES = SHAPES.filter((s) => ["empty, no type", "malformed JSON", "JSON array", "form, charset utf-16", "multipart, junk with boundary", "text/plain"].includes(s.name));

const routes = discoverRoutes().filter((r) => r.hasAction);

/** A fresh signed-in admin for each route, so a route that signs out or deletes the account harms no other. */
async function freshAdmin(): Promise<string> {
  const user = await signUp("Fuzz");
  await env.DB.prepare("UPDATE users SET is_admin = 1, phone = '+15551234567', last_name = 'Fuzz' WHERE id = ?").bind(user.userId).run();
  return user.cookie;
}

describe("hostile bodies to every non-GET route", () => {
  // Plaid is outside: the bank routes reach the test double, never the network.
  beforeAll(() => {
    installPlaidDouble();
  });
  it("finds the routes (a sanity check on discovery)", () => {
    expect(SHAPES.length).toBeGreaterThanOrEqual(25);
    expect(routes.map((r) => r.file)).toEqual(expect.arrayContaining(["api.login.tsx", "api.logout.tsx", "api.auth.user_.preferences.tsx"]));
  });

  for (const route of routes) {
    it(`${route.file} (${route.url}) never answers 5xx`, async () => {
      const failures: string[] = [];
      for (const signedIn of [false, true]) {
        const cookie = signedIn ? await freshAdmin() : null;
        const plan = [
          ...SHAPES.map((shape) => ({ method: "POST", shape })),
          ...OTHER_METHODS.flatMap((method) => OTHER_METHOD_SHAPES.map((shape) => ({ method, shape }))),
        ];
        for (const { method, shape } of plan) {
          const headers: Record<string, string> = { Origin: "http://localhost", Host: "localhost" };
          if (shape.type) headers["Content-Type"] = shape.type;
          const res = await api(route.url, { method, cookie, headers, body: shape.body });
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`${signedIn ? "signed in" : "anonymous"} ${method} ${shape.name} → ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
