// Public surface of interfaces/tui/: the terminal chat (a client of the daemon API, SPEC §9).
export { App, type AppProps, DEFAULT_RECONNECT_DELAY_MS } from "./App.js";
export { type RenderTuiOptions, renderTui } from "./render-tui.js";
