import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RevalidationGate } from "~/lib/revalidation-gate";

// One reload of the page's data at a time (app/lib/revalidation-gate.ts): a revalidation started while
// another load runs makes the router cancel that load, which logs an AbortError (react-router #14203).

const root = { user: "Bea" };

function gateAt(data: readonly unknown[] = [root, "page 1"]) {
  const started: number[] = [];
  let count = 0;
  const gate = new RevalidationGate(() => started.push(++count));
  gate.observe({ phase: "idle", data });
  return { gate, started };
}

describe("RevalidationGate", () => {
  it("reloads at once when the router is idle", () => {
    const { gate, started } = gateAt();
    gate.request();
    expect(started).toEqual([1]);
  });

  it("folds asks made while its reload runs into one more reload, made when the router is idle again", () => {
    const { gate, started } = gateAt();
    gate.request();
    // Before the render that shows the reload loading, and while it loads: no second reload.
    gate.request();
    gate.observe({ phase: "loading", data: [root, "page 1"] });
    gate.request();
    gate.request();
    expect(started).toEqual([1]);
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    expect(started).toEqual([1, 2]);
    gate.observe({ phase: "loading", data: [root, "page 2"] });
    gate.observe({ phase: "idle", data: [root, "page 3"] });
    expect(started).toEqual([1, 2]);
  });

  it("waits for a navigation or fetcher the router is running, then reloads once", () => {
    const { gate, started } = gateAt();
    gate.observe({ phase: "loading", data: [root, "page 1"] });
    gate.request();
    gate.request();
    expect(started).toEqual([]);
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    expect(started).toEqual([1]);
  });

  it("takes the reload the router makes after a submission for an ask made during it", () => {
    const { gate, started } = gateAt();
    gate.observe({ phase: "submitting", data: [root, "page 1"] });
    gate.request();
    gate.observe({ phase: "loading", data: [root, "page 1"] });
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    expect(started).toEqual([]);
  });

  it("reloads after a submission the router did not reload after (a refused action)", () => {
    const { gate, started } = gateAt();
    gate.observe({ phase: "submitting", data: [root, "page 1"] });
    gate.request();
    gate.observe({ phase: "idle", data: [root, "page 1"] });
    expect(started).toEqual([1]);
  });

  it("still reloads for an ask made while the submission's reload was already loading", () => {
    const { gate, started } = gateAt();
    gate.observe({ phase: "submitting", data: [root, "page 1"] });
    gate.request();
    gate.observe({ phase: "loading", data: [root, "page 1"] });
    // This load may have read before the write this ask is for.
    gate.request();
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    expect(started).toEqual([1]);
  });

  it("sees its reload finished when the render skipped the loading state but the data was replaced", () => {
    const { gate, started } = gateAt();
    gate.request();
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    gate.request();
    expect(started).toEqual([1, 2]);
  });

  it("takes the data entry by entry: each component renders its own list of the same entries", () => {
    const { gate, started } = gateAt();
    gate.request();
    // A second component's render of the same commit: another list, the same data.
    gate.observe({ phase: "idle", data: [root, "page 1"].slice() });
    gate.request();
    expect(started).toEqual([1]);
  });

  it("does not take a render from before its reload for the end of it", () => {
    const { gate, started } = gateAt();
    gate.request();
    // The same data, never seen busy: the reload has not been rendered yet.
    gate.observe({ phase: "idle", data: [root, "page 1"] });
    gate.request();
    expect(started).toEqual([1]);
    gate.observe({ phase: "idle", data: [root, "page 2"] });
    expect(started).toEqual([1, 2]);
  });
});

describe("every reload of page data goes through the gate", () => {
  const APP = join(__dirname, "..", "..", "app");
  const sources = (readdirSync(APP, { recursive: true }) as string[]).filter((name) => /\.tsx?$/.test(name));

  it("no module but use-revalidate.ts reaches the router's revalidate itself", () => {
    const direct = sources.filter((name) => name !== join("components", "use-revalidate.ts") && /\buseRevalidator\b/.test(readFileSync(join(APP, name), "utf8")));
    expect(direct).toEqual([]);
  });
});
