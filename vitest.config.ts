import { defineConfig } from "vitest/config";
import { SummaryLineReporter } from "./test/support/summary-line-reporter.js";

export default defineConfig({
  // NODE_ENV=production loads React's production build, which has no jsxDEV: compile JSX for it.
  oxc: { jsx: { development: false } },
  test: {
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "test/**/*.test.ts",
      "test/**/*.test.tsx",
      "bench/**/*.test.ts",
    ],
    // Tests that need the machine's own services (a user systemd manager): `npm run test:system`.
    exclude: ["test/system/**", "**/node_modules/**"],
    reporters: ["default", new SummaryLineReporter()],
    globalSetup: ["./test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // A test that asserts nothing fails (STYLE: a test asserts behaviour that can fail).
    expect: { requireAssertions: true },
    env: { NO_COLOR: "1", NODE_ENV: "production" },
  },
});
