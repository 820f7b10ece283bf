import path from "node:path";
import { defineConfig } from "vitest/config";

// Domain and other pure modules, in Node: fast, many cases.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
