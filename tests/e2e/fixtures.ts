import { expect, test as base, type BrowserContext, type ConsoleMessage, type Page } from "@playwright/test";

// Issue 22 #11: no screen may print a console error or throw, along whole journeys (not only on load).
// Every spec imports `test` from here: each page of the test — the `page` fixture's and any page of a
// context the test opens itself with browser.newContext()/newPage() — is watched from its first moment,
// and the test fails at its end if one of them logged an error or threw.
//
// Not errors of the app, and so not counted:
// - "Failed to load resource" for an answer the test asked for on purpose: a 4xx to a form post or API
//   write (400 with field errors, 409, 429 are how the server answers bad input) or to a page the test
//   opened by its address (a 404 page, a refused invitation), and a 401 to any call (how a page learns
//   its session ended: signed out in another tab, suspended, deleted; for the live WebSocket the browser
//   words that 401 "HTTP Authentication failed"). A failed GET of a script, style,
//   image or loader data during a journey is still an error.
// A spec that provokes other errors on purpose (offline: failed fetches) lists them with
// `test.use({ allowedConsoleErrors: /…/ })` (one pattern: Playwright reads an array in test.use as a
// value and its options), with its reason.

export interface ConsoleFixtures {
  /** The console errors a spec provokes on purpose, as one pattern. */
  allowedConsoleErrors: RegExp | null;
  /** Auto fixture: fails the test on any other console error or page error. */
  consoleErrors: string[];
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;
const LIVE_REFUSED_401 = /^WebSocket connection to '[^']*\/api\/budget\/live' failed: HTTP Authentication failed/;

function watchPage(page: Page, errors: string[], allowed: RegExp | null): void {
  // What this page asked for, by URL: a 4xx answer is expected only for writes and documents.
  const expectedFailures = new Set<string>();
  page.on("response", (response) => {
    const request = response.request();
    const status = response.status();
    if (status === 401 || (status >= 400 && status < 500 && (request.method() !== "GET" || request.resourceType() === "document"))) {
      expectedFailures.add(response.url());
    }
  });
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const failed = FAILED_RESOURCE.exec(text);
    if (failed && expectedFailures.has(message.location().url)) return;
    if (LIVE_REFUSED_401.test(text)) return;
    if (allowed?.test(text)) return;
    errors.push(`console error on ${page.url()}: ${text.slice(0, 400)} (${message.location().url})`);
  });
  page.on("pageerror", (error) => {
    const text = String(error.stack ?? error);
    if (allowed?.test(text)) return;
    errors.push(`page error on ${page.url()}: ${text.slice(0, 600)}`);
  });
}

function watchContext(context: BrowserContext, errors: string[], allowed: RegExp | null): void {
  for (const page of context.pages()) watchPage(page, errors, allowed);
  context.on("page", (page) => watchPage(page, errors, allowed));
}

export const test = base.extend<ConsoleFixtures>({
  allowedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ browser, context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      watchContext(context, errors, allowedConsoleErrors);
      // Contexts the test opens itself (a second member, a phone-sized window) are watched too.
      // browser.newPage() goes through newContext() as well.
      const newContext = browser.newContext;
      browser.newContext = async function (this: typeof browser, ...args: Parameters<typeof browser.newContext>) {
        const opened = await newContext.apply(this, args);
        watchContext(opened, errors, allowedConsoleErrors);
        return opened;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      // One line per distinct error: a hydration mismatch repeats once per mismatched node.
      const distinct = [...new Set(errors)];
      expect(distinct, `console or page errors during the test:\n${distinct.join("\n")}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { BrowserContext, Page };
