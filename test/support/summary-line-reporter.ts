// Prints the closing line CI reads ("N passed, N failed, N skipped"). Must stay the last reporter.
import type { Reporter, TestModule } from "vitest/node";

export class SummaryLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const count = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of modules) {
      if (module.errors().length > 0) count.failed += 1; // the file failed to load or a hook threw
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed" || state === "failed") count[state] += 1;
        else count.skipped += 1;
      }
    }
    process.stdout.write(
      `\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`,
    );
  }
}
