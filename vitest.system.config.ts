// `npm run test:system`: the tests that need the machine's own services (a user systemd
// manager), which CI and containers lack. `npm test` leaves them out (vitest.config.ts).
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

export default mergeConfig(
  base,
  defineConfig({ test: { include: ["test/system/**/*.test.ts"], exclude: [] } }),
);
