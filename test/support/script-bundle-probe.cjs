// Preloaded into a kern process (NODE_OPTIONS=--require) by test/e2e/reading-commands-script.test.ts:
// writes to KERN_TEST_PROBE_FILE whether the CLI's script bundle ran with its code cache accepted,
// and every require() of a package that is an ES module only (KERN_TEST_ES_ONLY, comma-separated),
// which Node 20 before 20.19 cannot require.
const { appendFileSync } = require("node:fs");
const Module = require("node:module");
const vm = require("node:vm");

const probeFile = process.env.KERN_TEST_PROBE_FILE;
const esOnly = new Set((process.env.KERN_TEST_ES_ONLY ?? "").split(",").filter(Boolean));
const note = (line) => appendFileSync(probeFile, `${line}\n`);

const load = Module._load;
Module._load = function probedLoad(request, parent, isMain) {
  const parts = request.split("/");
  const name = request.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  if (esOnly.has(name)) note(`es-only require: ${request}`);
  return load.call(this, request, parent, isMain);
};

const Script = vm.Script;
vm.Script = class ProbedScript extends Script {
  constructor(code, options) {
    super(code, options);
    if (options?.filename?.endsWith("cli.cjs")) {
      const cache = options.cachedData
        ? this.cachedDataRejected
          ? "rejected"
          : "accepted"
        : "none";
      note(`script cache ${cache}`);
    }
  }
};
Module.syncBuiltinESMExports();
