import { describe, expect, it } from "vitest";
import { readRequestData } from "../../app/server/body.server";
import { echoValues } from "../../app/server/form-action.server";

function post(body: BodyInit | null, contentType?: string, method = "POST") {
  const headers: Record<string, string> = {};
  if (contentType) headers["Content-Type"] = contentType;
  return new Request("http://localhost/x", { method, headers, body });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: ((await error.json()) as { message: string }).message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readRequestData", () => {
  it("reads a JSON object", async () => {
    expect(await readRequestData(post('{"a":1,"b":"x"}', "application/json"))).toEqual({ a: 1, b: "x" });
  });

  it("reads urlencoded fields, repeated keys as arrays", async () => {
    expect(await readRequestData(post("a=1&b=2&b=3", "application/x-www-form-urlencoded"))).toEqual({ a: "1", b: ["2", "3"] });
  });

  it("reads multipart fields and drops files unless allowed", async () => {
    const form = new FormData();
    form.set("name", "Sam");
    form.set("file", new Blob(["x,y"]), "s.csv");
    const withoutFiles = await readRequestData(new Request("http://localhost/x", { method: "POST", body: form }));
    expect(withoutFiles).toEqual({ name: "Sam" });
    const withFiles = await readRequestData(new Request("http://localhost/x", { method: "POST", body: form }), { allowFiles: true });
    expect(withFiles.file).toBeInstanceOf(Blob);
  });

  it("treats an empty body of any type as no fields", async () => {
    expect(await readRequestData(post(null, undefined, "DELETE"))).toEqual({});
    expect(await readRequestData(post("", "text/plain", "PUT"))).toEqual({});
  });

  it("keeps __proto__ an ordinary key", async () => {
    const data = await readRequestData(post("__proto__=x&constructor=y", "application/x-www-form-urlencoded"));
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data).sort()).toEqual(["__proto__", "constructor"]);
  });

  it.each([
    ["text/plain", "hello", 415],
    [undefined, "hello", 415],
    ["application/json", "{not json", 400],
    ["application/json", "[1,2]", 400],
    ["application/json", "null", 400],
    ["application/json", "[".repeat(200_000), 400],
    ["application/x-www-form-urlencoded; charset=utf-16", "a=1", 415],
    ["multipart/form-data; boundary=zzz", "junk", 400],
    ["multipart/form-data", "junk", 400],
    ["application/xml", "<a/>", 415],
  ])("refuses %s body %# with %i", async (type, body, status) => {
    expect((await refusal(readRequestData(post(body, type)))).status).toBe(status);
  });

  it("refuses invalid UTF-8", async () => {
    const bad = new Uint8Array([0x61, 0x3d, 0xff, 0xfe]);
    expect((await refusal(readRequestData(post(bad, "application/x-www-form-urlencoded")))).status).toBe(400);
  });

  it("refuses bodies over the limit, declared or streamed", async () => {
    const big = "a=" + "x".repeat(2_000_000);
    expect((await refusal(readRequestData(post(big, "application/x-www-form-urlencoded")))).status).toBe(413);
    expect((await refusal(readRequestData(post("a=123456", "application/x-www-form-urlencoded"), { maxBytes: 4 }))).status).toBe(413);
  });
});

describe("echoValues", () => {
  it("caps what a failed form echoes and never echoes secrets", () => {
    const echoed = echoValues({ email: "a@b.c", password: "hunter22", note: "x".repeat(50_000), list: ["one", "two"], n: 3 });
    expect(echoed.password).toBeUndefined();
    expect(echoed.note).toHaveLength(2_000);
    expect(echoed.list).toBe("one");
    expect(echoed.n).toBe("3");
  });
});
