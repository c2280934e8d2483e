// Public surface of daemon/service/ that loads no daemon code: which service runs an agent, its
// state, and the unit and plist texts. Installing and the start/stop hand-off (they use the
// daemon's lifecycle) are exported by daemon/index.ts.
export * from "./find-agent-service.js";
export * from "./launchd-plist.js";
export * from "./service-host.js";
export * from "./service-spec.js";
export * from "./service-status.js";
export * from "./systemd-unit.js";
