import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, Suspense, type ReactNode } from "react";
import type { renderToReadableStream as Render } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error -- plain JS shared with the build script
import { PATCH_MARKER, patchReactDomServerSource, REACT_DOM_SERVER_FILE } from "../../scripts/lib/react-stream-patch.mjs";

// The Worker renders pages with react-dom/server's stream renderer patched to encode each flush once instead of
// each string (scripts/lib/react-stream-patch.mjs). It is a patch of the installed file's text: an upgrade that
// moves the patched code fails here (and in the build), instead of silently shipping the slow path. And the
// patch must not change a byte of what is sent.

const require = createRequire(import.meta.url);
const stockPath = path.join(path.dirname(require.resolve("react-dom/package.json")), REACT_DOM_SERVER_FILE);
const stockText = readFileSync(stockPath, "utf8");

/** Evaluates a CommonJS copy of the renderer with the installed React (as the bundle does). */
function load(source: string): { renderToReadableStream: typeof Render } {
  const module = { exports: {} as Record<string, unknown> };
  new Function("require", "module", "exports", source)(createRequire(stockPath), module, module.exports);
  return module.exports as { renderToReadableStream: typeof Render };
}

const stock = load(stockText);
const patched = load(patchReactDomServerSource(stockText));

/** Resolves on the next turn: a boundary that streams in after the shell was flushed. */
function Later({ children }: { children: ReactNode }): ReactNode {
  const state = Later as unknown as { done?: boolean; promise?: Promise<void> };
  if (!state.done) {
    state.promise ??= new Promise((resolve) => setTimeout(() => ((state.done = true), resolve()), 5));
    throw state.promise;
  }
  return children;
}

function page(rows: number) {
  const row = (i: number) =>
    createElement(
      "li",
      { key: i, className: "flex flex-wrap items-start gap-3 py-3", "data-testid": "expense-row" },
      createElement("span", { "aria-hidden": "true" }, "⛽"),
      createElement("p", { className: "font-medium" }, `Bus pass <${i}> & “quotes” 🎉`),
      createElement("a", { href: `/budget-panel?edit=e${i}`, "aria-label": `Edit ${i}`, "aria-expanded": false }, "Edit"),
      createElement("input", { type: "hidden", name: "expenseId", value: `e${i}` }),
    );
  return createElement(
    "html",
    { lang: "en" },
    createElement(
      "body",
      null,
      createElement("ul", { "aria-label": "Transactions" }, Array.from({ length: rows }, (_, i) => row(i))),
      createElement(Suspense, { fallback: createElement("p", null, "Loading…") }, createElement(Later, null, createElement("p", { className: "late" }, "Streamed in later"))),
    ),
  );
}

async function render(renderer: { renderToReadableStream: typeof Render }, rows: number): Promise<{ html: string; chunks: number }> {
  (Later as unknown as { done?: boolean; promise?: Promise<void> }).done = false;
  (Later as unknown as { promise?: Promise<void> }).promise = undefined;
  const stream = await renderer.renderToReadableStream(page(rows), { bootstrapScriptContent: "window.x = 1 < 2;" });
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return { html: Buffer.concat(parts).toString("utf8"), chunks: parts.length };
}

afterEach(() => vi.restoreAllMocks());

describe("react-dom/server stream renderer, one encode per flush", () => {
  it("applies to the installed react-dom (an upgrade that moves the code fails here)", () => {
    const source = patchReactDomServerSource(stockText);
    expect(source.startsWith(PATCH_MARKER)).toBe(true);
    expect(source).toContain('hearthWritten.join("")');
    expect(() => patchReactDomServerSource(stockText.replace("function ba(a){", "function ba(a){;"))).toThrow(/completeWriting/);
  });

  it("sends exactly the bytes stock React sends, including a boundary streamed in later", async () => {
    const a = await render(stock, 300);
    const b = await render(patched, 300);
    expect(a.html).toContain("Streamed in later");
    expect(a.html).toContain("Bus pass &lt;7&gt; &amp; “quotes” 🎉");
    expect(b.html).toBe(a.html);
  });

  it("encodes once per flush: a handful of calls where stock makes one per string", async () => {
    const encode = vi.spyOn(TextEncoder.prototype, "encode");
    const withStock = await render(stock, 300);
    const stockCalls = encode.mock.calls.length;
    encode.mockClear();
    const withPatch = await render(patched, 300);
    expect(stockCalls).toBeGreaterThan(3000);
    expect(encode.mock.calls.length).toBeLessThanOrEqual(withPatch.chunks);
    expect(withPatch.chunks).toBeLessThan(withStock.chunks);
  });
});
