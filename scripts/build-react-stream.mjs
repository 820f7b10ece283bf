// Before `remix build`: writes app/.generated/react-dom-server.cjs, React's streaming server renderer patched
// to encode each flush once (see scripts/lib/react-stream-patch.mjs for why and what). app/entry.server.tsx
// renders with it, so `remix build` bundles it with the app's one copy of React.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { patchReactDomServerSource, REACT_DOM_SERVER_FILE } from "./lib/react-stream-patch.mjs";

const require = createRequire(import.meta.url);
const stock = path.join(path.dirname(require.resolve("react-dom/package.json")), REACT_DOM_SERVER_FILE);
const out = "app/.generated/react-dom-server.cjs";
await mkdir(path.dirname(out), { recursive: true });
// CommonJS, as the stock file (the package is "type": "module"). The copy lives in app/, so its require("react") and require("react-dom") find the app's own copies.
await writeFile(out, patchReactDomServerSource(await readFile(stock, "utf8")));
console.log(`${out}: react-dom/server's stream renderer, one encode per flush`);
